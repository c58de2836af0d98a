/**
 * Verbs a task title can start with, in the imperative: "Book a 30-minute mock interview". The
 * embedded generator reads a piece of the person's text that starts with one as an instruction
 * (./local-generator.ts), and the development rules of the prompt set hold English titles to it.
 * A model's answer is never checked against it: its lines are checked by shape, in any language
 * (docs/decisions/196-model-answers-checked-by-shape.md).
 */
export const ACTION_VERBS: ReadonlySet<string> = new Set(
  `accept add adjust agree align allocate answer apply archive arrange ask assemble assess attach attend
  audit back bake balance batch bathe block book borrow box brainstorm break bring browse brush budget buy
  calculate call cancel catch change charge chat check choose circle claim clarify clean clear close collect
  colour color compare compile complete compost confirm connect contact cook copy count cover create cut
  deal debug declutter do decide define delegate delete deliver deploy describe design disable discuss donate
  double-check download draft draw drink drive drop dust edit email e-mail empty enable enrol enroll
  estimate exchange exercise explore export feed fertilise fertilize file fill find finish fix flag fold
  follow forward frame fund gather get give go google grab greet hang help hire hoover host identify
  import install interview introduce invite iron jog join jot journal keep label lay learn leave lift list
  listen load lock log look mail make map mark measure meet memorise memorize mend merge message mop move
  mow mulch name note notify number offer open order organise organize outline pack paint pair pause pay
  phone photograph pick pin plan plant play polish post practice practise prep prepare price print
  prioritise prioritize print prune publish pull put rank read rearrange rebook recap record recycle redirect
  refill register rehearse relax reply remind remove rename renew rent repair repeat replace report
  request research reserve reset reschedule respond rest return review revise rewrite ring rinse run save
  scan schedule scrub search select sell send set sharpen share shop shortlist shovel shower sign sketch skim sleep
  soak sort sow spend split stack start step stock stop store stretch study submit subscribe summarise
  summarize swap sweep swim switch take talk teach tell test text thank tidy time track train transfer
  translate trim try tutor turn unpack unplug unsubscribe update upload use vacuum verify visit volunteer
  vote walk wash watch water weed weigh wipe wrap write`.split(/\s+/),
);

/** The first word of a title in lower case, without punctuation ("Double-check," → "double-check"). */
export function firstWord(title: string): string {
  return (title.trim().split(/\s+/)[0] ?? "").toLowerCase().replace(/[^\p{L}'-]/gu, "");
}

/** Whether the title starts with an imperative verb of ACTION_VERBS. */
export function startsWithActionVerb(title: string): boolean {
  return ACTION_VERBS.has(firstWord(title));
}

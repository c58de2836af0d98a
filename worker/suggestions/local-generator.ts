import { LIMITS } from "../../shared/constants";
import { MODEL_STEPS, type NoneReason, type SuggestionKind } from "../../shared/schemas/suggestions";
import { ACTION_VERBS } from "./action-verbs";
import { findGoalRecipe, type GoalRecipe } from "./goal-recipes";
import { gentleSteps, isLowMood } from "./low-mood";
import { readsAsEnglish, withoutInjections, withoutPictographs } from "./prompt-screening";
import { correctedVerb, expandShorthand, subjectOfClause } from "./subject-steps";
import { capTitle, wordsKey } from "./titles";

/**
 * What the embedded generator answers: steps, the person's own tasks to add, or nothing to say,
 * with why (docs/decisions/231-never-filler.md): a language it cannot read, or a subject it knows
 * no steps for.
 */
export type LocalAnswer = { kind: SuggestionKind; suggestions: string[]; noneReason?: NoneReason };

const NOTHING: LocalAnswer = { kind: "none", suggestions: [], noneReason: "unknown" };
const UNREADABLE: LocalAnswer = { kind: "none", suggestions: [], noneReason: "language" };

/**
 * The embedded suggestion generator: no model, no network, no weights
 * (docs/decisions/200-embedded-generator-honest.md, after decision 159). It answers honestly:
 * - a prompt it cannot read (not English), or one that only instructs the app, gets "none";
 * - a prompt about low mood gets gentle steps, one of them talking to someone (./low-mood.ts);
 * - a prompt that is a list of tasks is offered as those tasks to add ("tasks");
 * - a goal gets the first steps of its recipe (./goal-recipes.ts) when the clause that says what
 *   the person wants is about the recipe's topic; in a long prompt, only its main subject;
 * - with no recipe for what it is about, "none" and why: never the person's words put into a
 *   template (docs/decisions/231-never-filler.md);
 * - at most MODEL_STEPS.max steps, as the product asks of every answer.
 * Pure and deterministic: the same prompt always gives the same answer.
 */
export function generateLocalAnswer(prompt: string): LocalAnswer {
  const readable = withoutPictographs(prompt);
  // No letters at all ("?!?!") is nothing to read, not a language the generator cannot read.
  if (!readsAsEnglish(readable)) return /\p{L}/u.test(readable) ? UNREADABLE : NOTHING;
  const text = expandShorthand(withoutInjections(readable));
  if (!text || !/\p{L}{2,}/u.test(text)) return NOTHING;
  if (isLowMood(text)) return steps(gentleSteps(text).map(capTitle));
  const list = listedTasks(text);
  if (list) return { kind: "tasks", suggestions: list };

  const promptKey = wordsKey(text);
  const tasks: string[] = [];
  const goals: Goal[] = [];
  const sentences = splitSentences(text);
  const read = sentences.map((sentence) => ({
    // A sentence that says what the person wants ("I want to get fit, learn Italian and ...") is goals throughout.
    wanted: WANTS.test(sentence),
    pieces: splitClauses(sentence)
      .map(readClause)
      .filter((piece) => piece !== undefined),
  }));
  // One item alone (beside remarks like "no idea where yet") is the whole request, expanded into
  // steps; in a list, the person's own items stay as they wrote them, and its goals get steps.
  const single = read.flatMap(({ pieces }) => pieces).filter((piece) => piece.title !== undefined).length <= 1;
  for (const { wanted, pieces } of read) {
    for (const piece of pieces) {
      const stated = piece.title === undefined || single || wanted;
      const goal = stated || GOAL_VERBS.has(piece.verb ?? "") ? goalOf(piece) : undefined;
      if (goal && (stated || goal.recipe)) goals.push(goal);
      // A goal no recipe knows is not offered back as a task; an errand is, and so is an item of a list.
      else if (piece.title !== undefined && (!single || ERRANDS.has(piece.verb ?? "")) && isShortTask(piece.title)) {
        tasks.push(piece.title);
      }
    }
  }
  // A short prompt whose pieces name no goal may still name a recipe's topic as a whole
  // ("... taxes, I keep putting them off"); a long one is never read by a keyword anywhere.
  // Goals with steps: those a recipe knows. The others are kept only to tell a long prompt's main
  // subject from a word in passing (mainGoal).
  const known = (list: readonly Goal[]) => list.filter((goal) => goal.steps.length > 0);
  if (goals.length === 0 && tasks.length === 0 && sentences.length <= 1 && !QUESTION.test(text)) {
    const recipe = findGoalRecipe(text);
    if (recipe) goals.push({ recipe, key: recipe.goal, head: recipe.goal, steps: recipe.steps(text) });
  }
  if (known(goals).length === 0 && tasks.length === 0 && PLANNING.test(text)) {
    return steps([...PLANNING_STARTERS]);
  }
  const chosen = known(sentences.length >= 3 ? mainGoal(goals, text) : unique(goals));
  // Only tasks: offered as the tasks they are, to add; one task alone too, when it is an errand
  // ("water the plants") rather than something to work towards.
  const errand = tasks.length === 1 && goals.length === 0;
  if (chosen.length === 0 && (tasks.length >= 2 || errand)) {
    return { kind: "tasks", suggestions: uniqueTitles(tasks) };
  }

  const out: string[] = [];
  const seen = new Set<string>();
  const push = (title: string) => {
    const clean = capTitle(title);
    const key = clean.toLowerCase();
    if (clean && !seen.has(key) && wordsKey(clean) !== promptKey) {
      seen.add(key);
      out.push(clean);
    }
  };
  for (const title of tasks) push(title);
  // One goal alone gets its whole recipe; beside other tasks and goals, its first three steps.
  const alone = tasks.length === 0 && chosen.length === 1;
  for (const goal of chosen) for (const step of goal.steps.slice(0, alone ? MAX_GOAL_STEPS : 3)) push(step);
  return out.length > 0 ? steps(out) : NOTHING;
}

/** Steps, at most MODEL_STEPS.max of them (the product's 3 to 6). */
function steps(lines: readonly string[]): LocalAnswer {
  return { kind: "suggestions", suggestions: lines.slice(0, MODEL_STEPS.max) };
}

/** A clause of a long prompt is a task to add only when it is as short as a task title. */
function isShortTask(title: string): boolean {
  return title.split(/\s+/).length <= MAX_TASK_WORDS;
}

/** The most words a task read from a prompt may have; longer, it is a sentence, not a title. */
const MAX_TASK_WORDS = 10;

/** The suggestion lines alone, for callers that only show them (the bench's stand-in model). */
export function generateLocalSuggestions(prompt: string, max: number = LIMITS.suggestionsMax): string[] {
  return generateLocalAnswer(prompt).suggestions.slice(0, max);
}

/** At most this many steps for one goal (the issue's 3 to 6). */
const MAX_GOAL_STEPS = 6;

/** A goal read from one clause: its recipe, if its subject is a recipe's topic, and its steps. */
type Goal = { recipe?: GoalRecipe; key: string; head: string; steps: string[] };

/**
 * The goal a clause states: what it is about (./subject-steps.ts), with the recipe for that subject
 * when its object or the clause's own verb and object are the recipe's topic, else steps naming it.
 * Undefined when the clause names nothing to act on.
 */
function goalOf(piece: { text: string; title?: string; verb?: string }): Goal | undefined {
  // An errand ("water the plants", "buy milk, eggs and bread") is a task to add, not a goal.
  if (piece.title && piece.verb && ERRANDS.has(piece.verb)) return undefined;
  const subject =
    subjectOfClause(piece.title ?? piece.text, baseVerb) ??
    (piece.title ? subjectOfClause(piece.text, baseVerb) : undefined);
  // The recipe is matched on what the goal is about, not on any word of the clause: "the ledger
  // is a mess" is no house to clean; a mess at home is.
  const recipe = subject
    ? (findGoalRecipe(subject.written) ??
      findGoalRecipe(subject.core) ??
      (subject.problem
        ? HOME.test(subject.core)
          ? findGoalRecipe(piece.text)
          : undefined
        : // The verb with its object: "moving house" is a move, "house" alone is not.
          findGoalRecipe(`${subject.verb ?? ""} ${subject.written}`)))
    : findGoalRecipe(piece.text);
  if (recipe) {
    return { recipe, key: recipe.goal, head: subject?.head ?? recipe.goal, steps: recipe.steps(piece.text) };
  }
  // No recipe: still the goal (in a long prompt, its main subject is not lost to a word in
  // passing), with no steps: nothing is made up from the person's words
  // (docs/decisions/231-never-filler.md).
  if (subject) return { key: subject.object.toLowerCase(), head: subject.head, steps: [] };
  return undefined;
}

/** Verbs of a task done in one go: a prompt of one is that task, not a goal to plan. */
const ERRANDS = new Set(
  "water buy pay post send return pick collect take bring drop walk feed wash charge print sign pack text email e-mail message reply ring phone".split(
    " ",
  ),
);

/** Rooms and homes: a problem there is housework. */
const HOME =
  /\b(?:house|flat|home|apartment|room|kitchen|bathroom|bedroom|living room|garage|place|attic|loft|basement)\b/i;

function unique(goals: readonly Goal[]): Goal[] {
  const seen = new Set<string>();
  return goals.filter((goal) => !seen.has(goal.key) && seen.add(goal.key));
}

/** In a long prompt, the one goal it is about: the one whose subject it names most, the first on a tie. */
function mainGoal(goals: readonly Goal[], text: string): Goal[] {
  const lower = text.toLowerCase();
  let best: Goal | undefined;
  let bestCount = 0;
  for (const goal of unique(goals)) {
    const count = goal.head ? lower.split(goal.head.toLowerCase()).length - 1 : 0;
    if (!best || count > bestCount) {
      best = goal;
      bestCount = count;
    }
  }
  return best ? [best] : [];
}

/**
 * The items of a prompt that is a list of tasks, as titles, or undefined: a "label:" header
 * followed by two or more items ("handover for night shift: bed 4 ..., chase pharmacy ..."), or
 * two or more lines or comma-separated items that each start with a verb (typos forgiven:
 * "cal the plumber" → "Call the plumber") and none of which says what the person wants.
 */
function listedTasks(text: string): string[] | undefined {
  if (WANTS.test(text)) return undefined;
  const header = text.match(/^([^:\n]{2,60}):\s*(.+)$/s);
  const labelled = header?.[2] !== undefined && !HEADER_IS_TASK.test(header[1] ?? "");
  const body = labelled && header?.[2] ? header[2] : text;
  // "bed 4 needs obs, bed 7 awaiting a letter": under a label, every item is one, verb or not.
  const items = splitSentences(body).flatMap((sentence) =>
    labelled ? sentence.split(/\s*[,;]\s*(?:and\s+)?|\s+and\s+(?=\S+\s+\d)/) : splitClauses(sentence),
  );
  const clean = items.map((item) => item.replace(/[.!,;:]+$/, "").trim()).filter(Boolean);
  const lines = text.split("\n").filter((line) => line.trim()).length;
  if (clean.length < 2) return undefined;
  const titles = clean.map((item) => {
    const [first = "", ...rest] = item.split(/\s+/);
    const verb = correctedVerb(first, rest.join(" "), VERBS);
    const fixed = verb ? [verb, ...rest].join(" ") : item;
    const read = readClause(fixed);
    return { title: read?.title ?? capitalize(fixed), verb: verb ?? read?.verb ?? (read?.title ? "noun" : undefined) };
  });
  const verbs = titles.filter((item) => item.verb !== undefined && !GOAL_ONLY.has(item.verb)).length;
  // "... Also get fit!": a goal among the tasks gets its steps (the main reading below).
  if (titles.some((item) => GOAL_VERBS.has(item.verb ?? "") && findGoalRecipe(item.title))) return undefined;
  if (!labelled && ((clean.length < 3 && lines < 2) || verbs < titles.length)) return undefined;
  return uniqueTitles(titles.map((item) => item.title));
}

/** A "label:" that is itself a task ("Reminder: call mom" is not; "Call mom: ask about Sunday" is). */
const HEADER_IS_TASK = /^\s*(?:call|email|ask|tell|text|message)\b/i;

/** Titles capped, without repeats (case-insensitive), at most LIMITS.suggestionsMax. */
function uniqueTitles(titles: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const title of titles) {
    const clean = capTitle(title);
    const key = clean.toLowerCase();
    if (!clean || seen.has(key)) continue;
    seen.add(key);
    out.push(clean);
  }
  return out.slice(0, LIMITS.suggestionsMax);
}

/** Verbs that state a goal and never a task on a list ("learn", "get fit"): such a prompt gets steps. */
const GOAL_ONLY = new Set(["learn", "improve", "become", "be", "achieve", "feel", "lose", "gain", "grow"]);

/** A sentence saying what the person wants to do. */
const WANTS =
  /\b(?:i|we)\s*(?:'d|would|really|also|still|finally)?\s*(?:want|like|love|hope|wish|plan|intend|mean|'m planning|am planning|'m hoping)\s+to\b|\b(?:my|our) (?:goals?|plans?|resolutions?) (?:is|are)\b/i;

/** A question, rather than a request: no recipe is read into it by a keyword. */
const QUESTION = /^(?:what|why|when|where|who|which|is|are|do|does|should|can|could)\b|\?\s*$/i;

/** A clause asking to plan a day or week, or to get organised: the planning starters fit it. */
const PLANNING =
  /\b(?:what should i (?:do|focus on)|plan(?:ning)? (?:my|the|our) (?:day|week|morning|weekend)|organi[sz]e (?:my|the) (?:day|week)|prioriti[sz]e|be (?:more )?productive|to-?do list)\b/i;
const PLANNING_STARTERS = [
  "Write down everything on your mind",
  "Pick your top three tasks for today",
  "Block 25 minutes for the most important one",
];

// ---------------------------------------------------------------------------------------------
// Word lists. Verbs a task title can start with; a piece of text that starts with one of these
// reads as an instruction.

// Verbs that make a goal rather than a task ("get fit", "plan a trip", "be calmer"): such a piece of
// the prompt is answered with its recipe's steps, not repeated back.
const GOAL_VERBS = new Set(
  `be become get improve stay feel start stop quit lose gain grow build achieve reach change learn eat sleep save
  spend reduce increase keep focus work exercise relax meditate try plan prepare organise organize launch move
  study revise travel go sort deal handle find pass run write throw`.split(/\s+/),
);

const VERBS = new Set([...ACTION_VERBS, ...GOAL_VERBS, "hike", "bike", "cycle", "celebrate", "hand", "quit"]);

/** Verbs that say nothing on their own: "do today" or "get" is no task. */
const EMPTY_VERBS = new Set(["do", "be", "get", "go", "make", "have", "start", "stop", "try", "work", "stuff"]);

const GREETINGS =
  /^(hi|hello|hey|yo|thanks|thank you|please|help|ok|okay|yes|no|idk|i don'?t know|nothing|anything|something|stuff|things|lol|hmm+|test|testing|asdf)$/i;

/** Time phrases at the start move to the end: "Tomorrow I need to call mom" → "Call mom tomorrow". */
const LEADING_TIME =
  /^(today|tonight|tomorrow|this (?:morning|afternoon|evening|week|weekend|month)|next (?:week|month)|(?:on |by |before |this )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|later today|later|first thing(?: tomorrow)?|in the (?:morning|afternoon|evening))\b[,:]?\s*/i;
const TRAILING_TIME =
  /\s+(today|tonight|tomorrow|this (?:morning|afternoon|evening|week|weekend|month)|next (?:week|month)|(?:on |by |before )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))$/i;

/** Openers that carry no task: stripped repeatedly from the start of a clause. */
const LEAD_INS: RegExp[] = [
  /^(?:and|also|then|so|plus|oh|ok|okay|well|just|maybe|probably|please|pls|first(?:ly)?|second(?:ly)?|third(?:ly)?|next|finally|lastly|after that|afterwards|besides|additionally|basically|honestly|really)\b[,:]?\s*/i,
  /^(?:i|we)\s+(?:really\s+|also\s+|still\s+|definitely\s+|probably\s+|seriously\s+|finally\s+)*(?:need|needs|have|has|want|wants|got|plan|hope|intend|ought|would like|'d like|d like|would love|'d love|try|have got|'ve got|ve got)\s+to\s+/i,
  /^(?:i|we)\s*(?:'d|d| would)\s+(?:really\s+)?(?:like|love|prefer)\s+to\s+/i,
  /^(?:i|we)\s*(?:'m|’m|m| am|'re| are)\s+(?:really\s+|also\s+|still\s+)?(?:going|planning|trying|hoping|supposed|meant|about)\s+to\s+/i,
  /^(?:i|we)\s*(?:'ll|ll| will| shall| should| must| could| can| might| may)\s+(?:really\s+|also\s+|probably\s+|definitely\s+|still\s+)?/i,
  /^(?:i|we)\s+(?:gotta|gonna|wanna|need|must|should)\s+/i,
  /^(?:need|needs|have|has|want|got|try|plan|going|ought)\s+to\s+/i,
  /^(?:remember|don'?t forget|do not forget|make sure)\s+(?:to\s+)?/i,
  /^(?:gotta|gonna|wanna|must|should)\s+/i,
  /^(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:help\s+me\s+)?(?:to\s+)?/i,
  /^help\s+me\s+(?:to\s+)?/i,
  /^how\s+(?:can|could|do|should|would|might)\s+(?:i|we)\s+/i,
  /^what\s+(?:can|could|should|would)\s+(?:i|we)\s+do\s+(?:to|about)\s+/i,
  /^(?:my|our|the)\s+(?:main\s+)?(?:goal|plan|aim|priority|focus|resolution|task|idea)s?\s+(?:for\s+[\w\s]+?\s+)?(?:is|are|was)\s+(?:to\s+)?/i,
  /^(?:it'?s|it is|it would be|it'd be)\s+(?:time|important|good|nice|a good idea)\s+(?:for me\s+)?to\s+/i,
  /^(?:to-?do|todo|task|reminder|note)\s*[:-]\s*/i,
  /^to\s+/i,
];

/** "I need a haircut" → "get a haircut". */
const WANT_THING =
  /^(?:i|we)\s+(?:really\s+)?(?:need|want|would like|'d like|could use)\s+(?=(?:a|an|some|more|new|the)\b)/i;

/** Whole pieces that only announce a list. */
const HEADER =
  /^(?:(?:my|the|our)\s+)?(?:things|stuff|tasks|to-?dos?|todo list|to do list|list|chores|errands|plans?)(?:\s+(?:i|we)\s+(?:need|have|want)\s+to\s+do)?(?:\s+to\s+do)?(?:\s+(?:for\s+)?(?:today|tonight|tomorrow|this week|this weekend))?(?:\s+(?:is|are|include|includes))?$|^(?:here'?s|here is|this is)\s+(?:my|the|what)\b.*$/i;

/** Pieces that describe a state rather than ask for an action ("I'm tired", "work is busy"). */
const STATEMENT =
  /^(?:i|i'm|im|i am|i've|ive|i was|i feel|i keep|i always|i never|i can'?t|i don'?t|we|we're|it|it's|its|he|she|they|there|there's|everything|nothing|(?:is|are|was|were|'s|has been|will be)|(?:life|work|today|this week)\s+(?:is|has|was|feels)|my\s+\w+\s+(?:is|are|has|have|was|were|\w+s))\b|^(?:my|our|the|his|her|their)\b[^.]*?\s(?:is|are|was|were|has been|have been)\b/i;

/** Reasons after the action are dropped from the title ("call the bank because ..."). */
const REASON = /\s+(?:because|since|so that|so i can|so we can|'cause|cause|as i|as we)\b.*$/i;

const TRAILING_FILLER =
  /(?:,?\s+(?:too|as well|also|please|pls|etc\.?|and so on|and stuff|and things|or something|i guess|i think|maybe|probably|if possible|if i can|at some point|sometime|someday|some day|one day|eventually|somehow|lol))+$/i;

const DETERMINER = /^(?:my|the|a|an|our|his|her|their|this|that|these|those|some|your|[\w-]+'s)\b/i;

// Noun phrases with an obvious verb ("groceries" → "Buy groceries").
const NOUN_RULES: { pattern: RegExp; verb: string; article: boolean }[] = [
  {
    pattern: /\b(dentist|doctor|haircut|vet|appointment|flights?|hotel|tickets?|table for)\b/i,
    verb: "Book",
    article: true,
  },
  { pattern: /\b(bills?|rent|invoices?|parking ticket|credit card|mortgage|fine)\b/i, verb: "Pay", article: true },
  { pattern: /\b(laundry|dishes|homework|taxes|tax return|ironing|paperwork|washing)\b/i, verb: "Do", article: true },
  { pattern: /\b(e-?mails?|inbox|messages|voicemails?)\b/i, verb: "Go through", article: true },
  {
    pattern: /\b(report|essay|presentation|slides|assignment|proposal|thesis|project|chapter|article)\b/i,
    verb: "Finish",
    article: true,
  },
  { pattern: /\b(meeting|interview|exam|test)\b/i, verb: "Prepare for", article: true },
  {
    pattern: /\b(birthday|anniversary|party|wedding|dinner party|trip|holiday|vacation)\b/i,
    verb: "Plan",
    article: true,
  },
  {
    pattern:
      /^(?:the\s+|my\s+|some\s+)?(groceries|milk|bread|eggs|coffee|food|toilet paper|dog food|cat food|gift|present|shampoo)\b/i,
    verb: "Buy",
    article: false,
  },
  { pattern: /^(?:my\s+)?(mom|mum|dad|grandma|grandpa|granny|sister|brother|parents)$/i, verb: "Call", article: false },
  {
    pattern: /\b(bank|insurance|landlord|plumber|electrician|council|utility company)\b/i,
    verb: "Call",
    article: true,
  },
  { pattern: /\b(car|bike)\s+(service|repair|wash|inspection|mot)\b/i, verb: "Book", article: true },
];

// ---------------------------------------------------------------------------------------------
// Splitting.

const ABBREVIATIONS = /\b(e\.g|i\.e|etc|vs|dr|mr|mrs|ms|st|approx|a\.m|p\.m)\./gi;
const DOT = "\u2024"; // stands in for the dot of an abbreviation while sentences are split

/** Lines, list items, sentences and "label:" headers, each trimmed. */
export function splitSentences(text: string): string[] {
  const normalized = text
    .normalize("NFKC")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(ABBREVIATIONS, (match) => match.replace(/\./g, DOT));
  const pieces: string[] = [];
  for (const rawLine of normalized.split(/\r?\n|;/)) {
    const line = rawLine.replace(/^\s*(?:[-*•·▪►–—]|\[[ xX]?\]|\d{1,3}[.)]|[a-zA-Z][)])\s+/, "").trim();
    for (const sentence of line.split(/(?<=[.!?])\s+|:\s+/)) {
      const clean = sentence.replace(new RegExp(DOT, "g"), ".").trim();
      if (clean) pieces.push(clean);
    }
  }
  return pieces;
}

const SEPARATOR =
  /(\s*,\s*(?:and then|and also|and|then|also|plus|but)?\s*|\s+(?:and then|and also|and|then|also|plus|as well as|but|&|\+)\s+)/i;

/**
 * Cuts a sentence at commas and conjunctions where a new action starts ("call mom and pay the
 * rent"), but keeps object lists whole ("buy milk, eggs and bread").
 */
export function splitClauses(sentence: string): string[] {
  const parts = sentence.split(SEPARATOR);
  const clauses: string[] = [parts[0] ?? ""];
  for (let i = 1; i < parts.length; i += 2) {
    const separator = parts[i] ?? "";
    const piece = (parts[i + 1] ?? "").trim();
    if (!piece) continue;
    const previous = clauses[clauses.length - 1] ?? "";
    if (startsNewClause(piece, previous)) clauses.push(piece);
    else clauses[clauses.length - 1] = `${previous}${separator}${piece}`;
  }
  return clauses.map((clause) => clause.trim()).filter(Boolean);
}

function startsNewClause(piece: string, previous: string): boolean {
  const stripped = stripLeadIns(piece);
  if (stripped !== piece.trim() && stripped) return true; // "... and I also need to ..."
  if (STATEMENT.test(piece)) return true;
  const words = stripped.split(/\s+/);
  const previousCore = stripLeadIns(previous);
  // "read and reply to emails": a bare verb before the separator shares its object.
  if (previousCore.split(/\s+/).length === 1 && isVerb(previousCore)) return false;
  if (isVerb(words[0] ?? "") && words.length >= 2) return true;
  // A noun after a noun is the next item of a list ("laundry, groceries"); after a verb it is
  // one more object of that verb ("buy milk, eggs and bread").
  return !isVerb(previousCore.split(/\s+/)[0] ?? "");
}

// ---------------------------------------------------------------------------------------------
// One clause → task titles.

function stripLeadIns(text: string): string {
  let current = text.trim().replace(/^["'(]+|["')]+$/g, "");
  for (let round = 0; round < 8; round++) {
    const before = current;
    if (WANT_THING.test(current)) current = current.replace(WANT_THING, "get ");
    for (const pattern of LEAD_INS) current = current.replace(pattern, "");
    current = current.trim();
    if (current === before) break;
  }
  return current;
}

function baseVerb(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (VERBS.has(lower)) return lower;
  // "calling the bank" → "call the bank"
  if (lower.length > 4 && lower.endsWith("ing")) {
    const stem = lower.slice(0, -3);
    const candidates = [stem, `${stem}e`, stem.slice(0, -1)];
    return candidates.find((candidate) => VERBS.has(candidate));
  }
  return undefined;
}

function isVerb(word: string): boolean {
  return baseVerb(word.replace(/[^\w'-]/g, "")) !== undefined;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function withArticle(phrase: string): string {
  return DETERMINER.test(phrase) ? phrase : `the ${phrase}`;
}

/**
 * One piece of the prompt, read: its text without lead-ins, fillers and reasons; the task title it
 * makes when it is an action (starts with a verb, or names a thing with an obvious verb:
 * "dentist" → "Book the dentist"); and that verb. A statement ("the house is a mess"), a question
 * or a bare noun phrase has no title. Undefined for a piece that says nothing (a greeting, a header).
 */
function readClause(raw: string): { text: string; title?: string; verb?: string } | undefined {
  let text = raw
    .replace(/^["'(\s]+|["')\s]+$/g, "")
    .replace(/[.!?,;:]+$/, "")
    .trim();
  // The time phrase is remembered before the lead-ins go: "Tomorrow I need to ..." → "... tomorrow".
  let when = "";
  for (let round = 0; round < 3; round++) {
    const beforeTime = text;
    text = stripLeadIns(text);
    const time = text.match(LEADING_TIME);
    if (time?.[1]) {
      when = time[1]
        .toLowerCase()
        .replace(/\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/, capitalize);
      text = text.slice(time[0].length);
    }
    if (text === beforeTime) break;
  }
  text = text
    .replace(REASON, "")
    .replace(TRAILING_FILLER, "")
    .replace(/[.!?,;:]+$/, "")
    .trim();
  if (!text || HEADER.test(text) || GREETINGS.test(text)) return undefined;
  if (STATEMENT.test(text) || /\?$/.test(raw.trim())) return { text };

  const words = text.split(/\s+/);
  const first = words[0] ?? "";
  const verb = baseVerb(first.replace(/[^\w'-]/g, ""));
  let title: string;
  if (verb) {
    if (first.toLowerCase() !== verb) words[0] = verb; // gerund → base form
    title = words.join(" ");
    const core = title.replace(TRAILING_TIME, "");
    if (core.split(/\s+/).length === 1 && EMPTY_VERBS.has(core.toLowerCase())) return undefined;
  } else {
    // Only a short noun phrase that ends in the noun ("the dentist", "car service"): "appeal a
    // parking fine I got unfairly" is no fine to pay (docs/decisions/231-never-filler.md).
    const tail = words.slice(-2).join(" ");
    const rule = words.length <= 4 ? NOUN_RULES.find((candidate) => candidate.pattern.test(tail)) : undefined;
    if (!rule) return { text };
    title = `${rule.verb} ${rule.article ? withArticle(text) : text}`;
  }
  if (when && !title.toLowerCase().includes(when)) title = `${title} ${when}`;
  return { text, title: capitalize(title), verb };
}

/**
 * The development half of the suggestion prompt set: what people type into the suggestion panel,
 * written beside the embedded generator's recipes (so it passes by construction; the held-out
 * half, ./suggestion-prompts-held-out.ts, is what measures it), and the rules a person would hold its answer to
 * (docs/decisions/160-suggestions-measured-by-a-prompt-set.md). A goal ("plan a trip to Japan")
 * must get at least three next steps that add something to its words; a brain dump of tasks
 * ("call the bank and book the dentist") at least one. suggestion-quality.test.ts runs the set
 * against the embedded generator and, through the OpenAI-compatible mock, the model path;
 * bench/suggestions.mjs prints the pass rate.
 */
import { startsWithActionVerb } from "../../worker/suggestions/action-verbs";

export type PromptCase = { prompt: string; goal: boolean };

export const SUGGESTION_PROMPTS: readonly PromptCase[] = [
  // Travel
  { prompt: "plan a trip to Japan", goal: true },
  { prompt: "Summer holiday with the kids, no idea where yet", goal: true },
  { prompt: "weekend in Lisbon with friends next month", goal: true },
  // A job interview, a job
  { prompt: "prepare for a job interview on Friday", goal: true },
  { prompt: "I have an interview at a design agency next week and I'm nervous", goal: true },
  { prompt: "I want a new job", goal: true },
  // Money and taxes
  { prompt: "I keep putting off my taxes", goal: true },
  { prompt: "save money for a house deposit", goal: true },
  { prompt: "my credit card debt is getting out of hand", goal: true },
  // Moving home
  { prompt: "moving house next month", goal: true },
  { prompt: "We're relocating to Manchester in the spring", goal: true },
  // Fitness and health appointments
  { prompt: "get fit", goal: true },
  { prompt: "I want to run a 10k in the autumn", goal: true },
  { prompt: "I've been meaning to see a doctor about my back pain", goal: true },
  { prompt: "book the dentist", goal: true },
  { prompt: "eat healthier", goal: true },
  { prompt: "sleep better", goal: true },
  // Learning a language or a skill
  { prompt: "learn Spanish", goal: true },
  { prompt: "I'd love to finally learn Japanese before my trip", goal: true },
  { prompt: "I want to learn to play the guitar", goal: true },
  { prompt: "get better at Excel for work", goal: true },
  // A wedding, a party, a trip to organise
  { prompt: "we're getting married next year", goal: true },
  { prompt: "organise mum's 60th birthday party", goal: true },
  { prompt: "my best friend's wedding is in June and I'm a guest", goal: true },
  { prompt: "throw a housewarming party", goal: true },
  // Launching or writing something
  { prompt: "launch my side project", goal: true },
  { prompt: "start a podcast", goal: true },
  { prompt: "write my thesis", goal: true },
  { prompt: "finish the quarterly report", goal: true },
  { prompt: "I want to write a novel", goal: true },
  // Cleaning before guests
  { prompt: "the house is a mess and guests come Saturday", goal: true },
  { prompt: "clean the flat before my in-laws visit", goal: true },
  // Studying for an exam
  { prompt: "study for my biology exam", goal: true },
  { prompt: "finals are in three weeks", goal: true },
  // A garden
  { prompt: "sort out the garden", goal: true },
  { prompt: "start a vegetable patch", goal: true },
  // A passport or other paperwork
  { prompt: "renew my passport", goal: true },
  { prompt: "so much paperwork to deal with", goal: true },
  // Feeling overwhelmed
  { prompt: "I'm so overwhelmed", goal: true },
  { prompt: "too much on my plate this week and I don't know where to start", goal: true },
  // Habits
  { prompt: "read more books", goal: true },
  { prompt: "spend less time on my phone", goal: true },
  { prompt: "I procrastinate a lot", goal: true },
  { prompt: "see my friends more", goal: true },
  // Anything else: at least sensible first steps
  { prompt: "be more confident", goal: true },
  { prompt: "What should I do today?", goal: true },
  // Brain dumps of tasks
  { prompt: "I need to call the bank and book the dentist. Also get fit!", goal: false },
  { prompt: "Tomorrow I have to pick up the kids, buy groceries and finish the report.", goal: false },
  { prompt: "email Sam about the budget, fix the leaking tap, water the plants", goal: false },
  { prompt: "call mom", goal: false },
];

/** A suggestion's words, lower case, for comparing with the prompt and each other. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'-]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
}

/** Words that add nothing by themselves: a step must add a word beyond these and the prompt's. */
const FILLER = new Set(
  "a an the my your our to for of in on at and or with it its this that is are be do i me you we".split(" "),
);

/** Max words of one suggestion (the "under about ten words"). */
export const MAX_WORDS = 10;

/**
 * The rules a person would hold an answer to, as the list of those it breaks (empty: it passes).
 * At least three suggestions for a goal and one for a list; none the prompt back; for a goal,
 * each adds a word the prompt did not have; each starts with a verb, has at most MAX_WORDS words
 * and reads as a grammatical title; no two say the same thing.
 */
export function brokenRules({ prompt, goal }: PromptCase, suggestions: readonly string[]): string[] {
  const broken: string[] = [];
  const promptWords = new Set(words(prompt));
  const promptKey = words(prompt).join(" ");
  if (suggestions.length < (goal ? 3 : 1)) broken.push(`only ${suggestions.length} suggestion(s)`);
  suggestions.forEach((title, index) => {
    const own = words(title);
    const say = (rule: string) => broken.push(`"${title}": ${rule}`);
    if (own.join(" ") === promptKey) say("is the prompt back");
    if (goal && own.every((word) => promptWords.has(word) || FILLER.has(word))) say("adds nothing to the prompt");
    if (!startsWithActionVerb(title)) say("does not start with a verb");
    if (own.length > MAX_WORDS) say(`has ${own.length} words`);
    if (!/^\p{Lu}/u.test(title)) say("does not start with a capital letter");
    if (/[.,;:!?]$/.test(title)) say("ends with punctuation");
    if (/\b(\w+) \1\b/i.test(title)) say("repeats a word");
    if (/\ba (?!one|once|uni|use|eu)[aeio]\w/i.test(title) || /\ban [bcdfgjklmnpqrstvwxz]\w/i.test(title))
      say("has a wrong a/an");
    if (/\b(?:and|or|the|a|an|to|of|my|your)$/i.test(title)) say("ends mid-phrase");
    if (/\bI\b|\bI'm\b|\bI'll\b/.test(title)) say("speaks as the person (I)");
    if (
      (title.match(/"/g)?.length ?? 0) % 2 === 1 ||
      (title.match(/\(/g)?.length ?? 0) !== (title.match(/\)/g)?.length ?? 0)
    )
      say("has an unbalanced quote or bracket");
    for (const other of suggestions.slice(0, index)) {
      const a = new Set(own);
      const b = new Set(words(other));
      const shared = [...a].filter((word) => b.has(word)).length;
      if (shared / new Set([...a, ...b]).size >= 0.75) say(`says the same as "${other}"`);
    }
  });
  return broken;
}

/**
 * The specifics a goal recipe fills in from the person's words: a destination, a language, a
 * skill, the kind of appointment. Each answers undefined when the prompt names none, and the
 * recipe then uses its general wording (./goal-recipes.ts).
 */

const NOT_A_PLACE =
  /^(?:the|a|an|my|our|his|her|their|your|see|visit|meet|stay|go|get|do|be|work|family|friends?|parents|mum|mom|dad|home|town|somewhere|some|this|that|next|every|bed|school|college|university|uni|gym|doctor|dentist|hospital|beach|mountains|city|country|abroad|europe|asia)$/i;

/** "plan a trip to Japan" → "Japan"; "weekend in new york with friends" → "New York". */
export function destination(prompt: string): string | undefined {
  const match = prompt.match(
    /\b(?:to|in|around|through|visit|visiting|across)\s+((?:[\p{L}'-]+)(?:\s+(?!for\b|with\b|in\b|on\b|next\b|this\b|and\b|by\b|at\b|from\b)[\p{L}'-]+)?)/iu,
  );
  const place = match?.[1];
  if (!place) return undefined;
  const words = place.split(/\s+/);
  if (NOT_A_PLACE.test(words[0] ?? "")) return undefined;
  // A second word only when written as part of a name ("New York", "new york" but not "Japan soon").
  const second = words[1];
  const keep =
    second && (/^\p{Lu}/u.test(second) || /^(?:york|zealand|orleans|delhi|kong|city|island|coast)$/i.test(second));
  return (keep ? words.slice(0, 2) : words.slice(0, 1)).map(capitalise).join(" ");
}

const LANGUAGES =
  "spanish french german italian japanese chinese mandarin cantonese korean portuguese arabic russian dutch english hindi greek swedish norwegian danish finnish turkish polish hebrew vietnamese thai indonesian irish welsh ukrainian czech hungarian latin sign".split(
    " ",
  );
const LANGUAGE = new RegExp(`\\b(${LANGUAGES.join("|")})\\b`, "i");

/** "learn spanish before the summer" → "Spanish"; "sign" → "sign language". */
export function language(prompt: string): string | undefined {
  const found = prompt.match(LANGUAGE)?.[1]?.toLowerCase();
  if (!found) return undefined;
  return found === "sign" ? "sign language" : capitalise(found);
}

/** A skill people learn, by the words that name it, and how a title says it. */
const SKILLS: [RegExp, string][] = [
  [/\bguitar\b/i, "guitar"],
  [/\b(?:piano|keyboard)\b/i, "piano"],
  [/\bviolin\b/i, "violin"],
  [/\bdrums?\b/i, "drums"],
  [/\bukulele\b/i, "ukulele"],
  [/\bsing(?:ing)?\b/i, "singing"],
  [/\b(?:to )?code\b|\bcoding\b|\bprogramming\b/i, "coding"],
  [/\bpython\b/i, "Python"],
  [/\bjavascript\b/i, "JavaScript"],
  [/\bdraw(?:ing)?\b/i, "drawing"],
  [/\bpaint(?:ing)?\b/i, "painting"],
  [/\bcook(?:ing)?\b/i, "cooking"],
  [/\b(?:bak(?:e|ing))\b/i, "baking"],
  [/\bphotograph\w*\b/i, "photography"],
  [/\bknit(?:ting)?\b/i, "knitting"],
  [/\bsew(?:ing)?\b/i, "sewing"],
  [/\b(?:danc(?:e|ing))\b/i, "dancing"],
  [/\bchess\b/i, "chess"],
  [/\b(?:excel\b|\bspreadsheets?)\b/i, "Excel"],
  [/\b(?:typ(?:e|ing))\b/i, "typing"],
];

/** "learn to play the guitar" → "guitar". */
export function skill(prompt: string): string | undefined {
  return SKILLS.find(([pattern]) => pattern.test(prompt))?.[1];
}

const APPOINTMENTS: [RegExp, string][] = [
  [/\b(?:dentist|dental|teeth)\b/i, "dentist"],
  [/\b(?:optician|eye test|glasses|contact lenses)\b/i, "eye test"],
  [/\bphysio\w*\b/i, "physio"],
  [/\b(?:therap\w*|counsell?\w*)\b/i, "therapy"],
  [/\bblood test\b/i, "blood test"],
  [/\b(?:vaccin\w*|jab|booster)\b/i, "vaccination"],
  [/\bvet\b/i, "vet"],
  [/\b(?:doctor|gp|check-?up|physical|symptoms?|rash|pain|ache)\b/i, "doctor"],
];

/** "I keep putting off the dentist" → "dentist". */
export function appointment(prompt: string): string | undefined {
  return APPOINTMENTS.find(([pattern]) => pattern.test(prompt))?.[1];
}

const WRITINGS =
  /\b(essay|thesis|dissertation|novel|book|article|blog post|newsletter|report|paper|chapter|speech|cover letter|proposal|grant application|short story|poem|presentation)\b/i;

/** "write my thesis" → "thesis". */
export function writing(prompt: string): string | undefined {
  return prompt.match(WRITINGS)?.[1]?.toLowerCase();
}

const DAYS =
  /\b(today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next week|this week(?:end)?)\b/i;

/** "guests come Saturday" → "Saturday"; "interview on friday" → "Friday". */
export function day(prompt: string): string | undefined {
  const found = prompt.match(DAYS)?.[1];
  if (!found) return undefined;
  return /day$/i.test(found) && !/^(?:to)?day$/i.test(found) ? capitalise(found.toLowerCase()) : found.toLowerCase();
}

/** "a" or "an" before a word, by its sound as far as a first letter tells. */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) && !/^(?:uni|use|eu)/i.test(word) ? "an" : "a"} ${word}`;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

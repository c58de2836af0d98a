/**
 * What a goal is about, read from the clause that says what the person wants
 * (docs/decisions/200-embedded-generator-honest.md): "bake my first sourdough loaf" →
 * "sourdough loaf"; "the ledger is a mess" → "the ledger". A recipe is matched on it
 * (./goal-recipes.ts); a goal no recipe knows gets no steps made from its words
 * (docs/decisions/231-never-filler.md).
 */

/** The goal's object as a title says it ("your driving licence", "the spare room", "grandma"), its last word, and the verb. */
export type Subject = {
  verb: string | undefined;
  /** As a title names it: "your driving licence", "the interview at the bank". */
  object: string;
  /** As the person wrote it, before "new", "first" and the like were dropped: what a recipe is matched on. */
  written: string;
  /** What it is, before where or whose: "the interview". */
  core: string;
  head: string;
  /** Named as a problem ("the ledger is a mess"). */
  problem?: boolean;
};

/** Words that end the object: what follows is when, why or where, not what. */
const OBJECT_END =
  /\s+(?:before|by|until|till|because|since|so that|so|as soon as|when|if|once|this|next|every|each|tomorrow|today|tonight|soon|again|from|with|without|to (?=[a-z]+\b)|in (?:the |a |an )?(?:\d|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|morning|afternoon|evening|week|month|year|weeks|months|days|time)|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|the \d)|at (?:work|home|school|night|the weekend|the end|some point|last)|for (?:a|an|the|my|\d)\b|but|though|although|or|which|that|who|where|and then)\b.*$/i;

const LEADING_PARTICLE = /^(?:for|to|on|about|with|up|out|off|into|at)\s+/i;
const TRAILING_PARTICLE = /\s+(?:back|up|out|off|again|more|properly|finally|already|too|as well)$/i;
const ORDINAL = /\b(?:first|second|third|new|next|own|whole|entire|big|little|small)\s+/gi;

/** Verbs a task rarely is without: "prepair" → "prepare", "finsh" → "finish" (one or two letters off). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** Words that begin a clause in English as they are: never read as a misspelt verb. */
const NOT_TYPOS = new Set(
  "a an the to in on at so do go my no up of or if it is be we me us i by as am are was our his her its all any and but for not one two new old too".split(
    " ",
  ),
);

/**
 * The verb a misspelt first word stands for, when only one letter (two in a long word) is off:
 * "cal" → "call", "by" before a thing → "buy". Undefined when it is no typo of a verb.
 */
export function correctedVerb(word: string, rest: string, verbs: ReadonlySet<string>): string | undefined {
  const lower = word.toLowerCase();
  if (verbs.has(lower)) return lower;
  if (
    lower === "by" &&
    /^(?:some|a|an|the|new|more)?\s*[a-z]+/i.test(rest) &&
    !/^(?:the )?(?:end|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|next|this|\d)/i.test(
      rest,
    )
  ) {
    return "buy";
  }
  if (lower.length < 3 || NOT_TYPOS.has(lower)) return undefined;
  const allowed = lower.length >= 6 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const verb of verbs) {
    if (Math.abs(verb.length - lower.length) > allowed || verb[0] !== lower[0]) continue;
    const distance = editDistance(lower, verb);
    if (distance < bestDistance) {
      best = verb;
      bestDistance = distance;
    }
  }
  return best;
}

/** Shorthand people type, written out before the prompt is read. */
const SHORTHAND: [RegExp, string][] = [
  [/\b(?:tmrw|tmr|tmrw|2moro|tomoz)\b/gi, "tomorrow"],
  [/\bb4\b/gi, "before"],
  [/\bw\/(?=\s)/gi, "with"],
  [/\bmtg\b/gi, "meeting"],
  [/\bappt\b/gi, "appointment"],
  [/\bpls\b|\bplz\b/gi, "please"],
  [/\bu\b/gi, "you"],
];

export function expandShorthand(text: string): string {
  return SHORTHAND.reduce((current, [pattern, full]) => current.replace(pattern, full), text);
}

/** The object phrase of a clause, after its verb: cut at when, why and where, at most five words. */
function objectPhrase(rest: string, keepOrdinals = false): string | undefined {
  let object = rest
    .replace(LEADING_PARTICLE, "")
    .replace(OBJECT_END, "")
    .replace(/[.!?,;:]+$/, "")
    .trim();
  for (let round = 0; round < 3; round++) object = object.replace(TRAILING_PARTICLE, "").trim();
  if (!keepOrdinals) object = object.replace(ORDINAL, "");
  object = object.replace(/\s+/g, " ").trim();
  const words = object.split(" ").filter(Boolean);
  if (words.length === 0 || words.length > 5) return undefined;
  if (!/\p{L}{2,}/u.test(object)) return undefined;
  return object;
}

/** "my driving licence" → "your driving licence"; "a book club" → "the book club". */
function asTheirs(object: string): string {
  return object
    .replace(/^(?:my|our)\b/i, "your")
    .replace(/^(?:a|an|some)\s+/i, "the ")
    .replace(/\bmy\b/gi, "your")
    .replace(/\bme\b/gi, "you");
}

/** Pronouns and words that name no thing: a subject of these is no subject. */
const EMPTY_OBJECT =
  /^(?:it|this|that|these|those|them|something|anything|everything|nothing|stuff|things?|the thing|what|life|my life|me|myself|you|lot|a lot|much|more|better|well|ok|okay|sure)$/i;

function subjectFrom(verb: string | undefined, rest: string, problem = false): Subject | undefined {
  const object = objectPhrase(rest);
  if (!object || EMPTY_OBJECT.test(object) || EMPTY_OBJECT.test(object.replace(/^(?:the|my|a|an|our|your)\s+/i, ""))) {
    return undefined;
  }
  const theirs = asTheirs(object);
  // "the interview at the bank": what it is, before where or whose.
  const core = theirs.split(/\s+(?:of|at|for|on|in|with|about|from|into)\s+/i)[0] ?? theirs;
  const head = (
    core
      .split(" ")
      .filter((word) => /\p{L}/u.test(word))
      .pop() ?? core
  ).replace(/'s$/, "");
  return { verb, object: theirs, written: objectPhrase(rest, true) ?? object, core, head, problem };
}

/**
 * What a clause is about, when it says: "<verb> <object>" ("repaint the bedroom"), "I keep putting
 * off <verb>ing <object>", "we're <verb>ing <object>", "<object> is a mess", or a bare noun
 * phrase ("sourdough"). `verbs` are the verbs the generator knows; `isVerb` also reads a word
 * before "the", "my" or "a" as one ("repaint the bedroom").
 */
export function subjectOfClause(clause: string, baseVerb: (word: string) => string | undefined): Subject | undefined {
  const text = clause.replace(/^["'(\s]+|["')\s]+$/g, "").trim();
  // A question ("what should I do today?") names no subject of its own.
  if (/^(?:what|why|when|where|who|which|whatever|how|is|are|do|does|should|can|could)\b/i.test(text)) return undefined;
  // "I keep putting off calling grandma back", "I've been meaning to renew ..."
  const putOff = text.match(
    /^(?:i|we)\s+(?:keep|kept|have been|'ve been|ve been)\s+(?:putting off|avoiding|delaying|forgetting|meaning to|trying to|wanting to)\s+(.+)$/i,
  );
  if (putOff?.[1]) return subjectOfClause(putOff[1], baseVerb);
  // "we're finally redoing the kitchen", "I'm planning a party"
  const doing = text.match(/^(?:i|we|i'm|we're)\s*(?:'m|'re| am| are)?\s+(?:\w+ly\s+)?(\w+ing)\s+(.+)$/i);
  if (doing?.[1] && doing[2]) {
    const verb = baseVerb(doing[1]) ?? gerundStem(doing[1]);
    return subjectFrom(verb, doing[2]);
  }
  // "suggested I build a portfolio", "thinks we should repaint"
  const embedded = text.match(
    /\b(?:i|we)\s+(?:should\s+|could\s+|must\s+|might\s+|need to\s+|want to\s+|have to\s+)?([a-z]+)\s+(.+)$/i,
  );
  if (embedded?.[1] && embedded[2] && baseVerb(embedded[1]) && !/^(?:i|we)\b/i.test(text)) {
    return subjectFrom(baseVerb(embedded[1]), embedded[2]);
  }
  // "the ledger is a mess", "money stuff is stressing me out": a thing named as a problem.
  const state = text.match(
    /^((?:my|our|the|this|his|her|their)\s+)?([\p{L}'-]+(?:\s+[\p{L}'-]+){0,3}?)\s+(?:is|are|was|were|has been|have been|keeps?|feels?|looks?)\s+(?:getting\s+|becoming\s+|still\s+|so\s+|really\s+|a\s+(?:bit|total|complete)\s+)*(?:a mess|messy|behind|broken|overdue|out of hand|out of control|chaos|chaotic|a disaster|a nightmare|stressing|worrying|piling up|late|wrong|not working|falling apart|too much|killing me|driving me)/iu,
  );
  if (
    state?.[2] &&
    !/^(?:i|we|it|there|he|she|they|you|everything|nothing|something|life|work|today)$/i.test(state[2])
  ) {
    return subjectFrom(undefined, `${state[1] ?? "the "}${state[2]}`, true);
  }
  if (/^(?:i|we|i'm|im|we're|it|it's|there|he|she|they|you)\b/i.test(text)) return undefined;
  if (isKeyboardMash(text)) return undefined;
  const [first = "", ...others] = text.split(/\s+/);
  const rest = others.join(" ");
  const verb =
    baseVerb(first) ??
    (/^(?:the|my|a|an|our|some|your|his|her|their)\b/i.test(rest) && /^[a-z]{3,}$/i.test(first)
      ? first.toLowerCase()
      : undefined);
  // "learn to make bread": the second verb says what.
  const then = rest.match(/^to\s+([a-z]+)\s+(.+)$/i);
  if (verb && then?.[1] && then[2] && baseVerb(then[1])) return subjectFrom(baseVerb(then[1]), then[2]);
  if (verb) return rest ? subjectFrom(verb, rest) : undefined;
  // A bare noun phrase: "sourdough", "the car insurance"; not a sentence or a question.
  const sentence =
    /\b(?:is|are|was|were|am|be|been|have|has|had|does|did|feels?|seems?|looks?|gets?|got|can|could|will|would|should|must|might|what|why|how|when|where|who|which|about)\b/i;
  return text.split(/\s+/).length <= 4 && !sentence.test(text) ? subjectFrom(undefined, text) : undefined;
}

/** "asdf", "qwerty", "zxcv": letters in a row of the keyboard, typed to try the box. */
function isKeyboardMash(text: string): boolean {
  const word = text.toLowerCase().replace(/[^a-z]/g, "");
  return word.length >= 4 && ["qwertyuiop", "asdfghjkl", "zxcvbnm"].some((row) => row.includes(word.slice(0, 4)));
}

function gerundStem(word: string): string {
  const stem = word.toLowerCase().replace(/ing$/, "");
  return /([b-df-hj-np-tv-z])\1$/.test(stem) ? stem.slice(0, -1) : stem;
}

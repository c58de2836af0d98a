/**
 * What the embedded generator checks before it reads a prompt
 * (docs/decisions/200-embedded-generator-honest.md): that it is English, which is all it can read;
 * that what remains once instructions aimed at the app are taken out still says something; and the
 * emoji and symbols, which it cannot read either, taken out of the way.
 */

/** Emoji, pictographs and their joiners and modifiers: meaning the generator cannot use. */
const PICTOGRAPHS = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0f|\u20e3/gu;

/** The prompt without emoji and with its spacing tidied. */
export function withoutPictographs(prompt: string): string {
  return prompt
    .normalize("NFKC")
    .replace(PICTOGRAPHS, " ")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .trim();
}

/** Small words that say a text is English, and those that say it is one of the languages people write to the app in most. */
const ENGLISH =
  /^(?:the|an|and|or|to|of|in|on|for|with|my|i|i'm|im|we|is|are|it|this|that|need|want|have|get|do|be|before|next|at|about|so|but|up|out|our|your|me|just|all|what|how|from|by|some|more|again|back)$/;
const OTHER =
  /^(?:el|la|los|las|un|una|y|que|de|del|en|por|para|con|mi|mis|quiero|tengo|necesito|sé|está|como|der|das|und|ich|nicht|ist|mit|zu|für|ein|eine|einen|mein|meine|möchte|muss|im|auf|le|les|des|et|je|dois|veux|pour|avec|mon|ma|mes|pas|est|une|du|au|il|uma|eu|meu|minha|não|il|lo|gli|di|che|con|sono|voglio|devo|het|een|ik|wil|moet|niet|van|voor|och|jag|att|är|på|vill|måste|og|jeg|skal|vil)$/;

/**
 * Whether the generator can read the prompt: mostly Latin letters, and not more words of another
 * language's everyday vocabulary than of English's.
 */
export function readsAsEnglish(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return false;
  const latin = letters.filter((letter) => /\p{Script=Latin}/u.test(letter)).length;
  if (latin / letters.length < 0.8) return false;
  const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  const english = words.filter((word) => ENGLISH.test(word)).length;
  const other = words.filter((word) => OTHER.test(word) && !ENGLISH.test(word)).length;
  // Letters English does not use ("ñ", "ß", "é" in most words) count towards another language.
  const accents = words.filter((word) => /[ñßäöüéèêàçãõ¿¡]/u.test(word)).length;
  return english >= other + accents || (other + accents <= 1 && english >= 1);
}

/**
 * Instructions aimed at the app rather than the person's day: to ignore its rules, show or print
 * its prompt or rules, play another role, or say a given phrase.
 */
const INJECTION = new RegExp(
  [
    // "ignore previous instructions", "disregard all prior rules"
    String.raw`\b(?:ignore|disregard|forget|override|bypass)\b[^.!?\n]{0,30}\b(?:previous|prior|above|earlier|all|your|these|those|system)\s+(?:\w+\s+)?(?:instructions?|rules|prompts?|guidelines|directions)\b`,
    // "print your system prompt", "reveal your hidden rules"
    String.raw`\b(?:print|reveal|show|output|repeat|tell me|give me|display|leak|write out)\b[^.!?\n]{0,20}\b(?:your|the system|hidden|initial|original|secret)\s+(?:\w+\s+)?(?:prompt|instructions|rules|configuration)\b`,
    String.raw`\bsystem prompt\b`,
    String.raw`\byou are now\b`,
    String.raw`\b(?:act|behave) as (?:an?\s+)?(?:ai|assistant|chatbot|dan|system|developer|jailbroken|unrestricted)\b`,
    String.raw`\bpretend (?:to be|you are)\b`,
    String.raw`\bjailbreak\b|\bdeveloper mode\b`,
    String.raw`\b(?:say|reply with|respond with|answer with|output)\s+["'“]?[A-Z]{3,}\b`,
  ].join("|"),
  "i",
);

/**
 * The prompt with every sentence (or clause after "also", "then", "and") that instructs the app
 * taken out; empty when nothing else was there.
 */
export function withoutInjections(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      const kept: string[] = [];
      for (const sentence of line.split(/(?<=[.!?])\s+/)) {
        if (!INJECTION.test(sentence)) {
          kept.push(sentence);
          continue;
        }
        // "plan a garden party, then ignore the rules": the part before the instruction may stand.
        const parts = sentence.split(/\s*(?:,|;|\band then\b|\bthen\b|\balso\b|\band\b)\s*/i);
        const clean = parts.filter((part) => part.trim() && !INJECTION.test(part));
        const before = clean.filter((part) => sentence.indexOf(part) < sentence.search(INJECTION));
        if (before.length > 0 && !/^(?:you|now)\b/i.test(sentence)) kept.push(before.join(", "));
      }
      return kept.join(" ").trim();
    })
    .filter(Boolean)
    .join("\n")
    .trim();
}

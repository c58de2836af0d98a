import { MODEL_STEPS } from "../../shared/schemas/suggestions";
import { characterCount } from "../../shared/text-length";
import { MODEL_RULES } from "./provider";
import { talksAboutItsInstructions } from "./self-talk";
import { wordsKey } from "./titles";

/** Models like to number or bullet their lines, quote them and end them with a period. */
function unwrap(title: string): string {
  return title
    .replace(/^\s*(?:[-*•]|\d{1,2}[.)])\s+/, "")
    .replace(/^["'“”‘’「『]+|["'“”‘’」』]+$/g, "")
    .replace(/\s*[.!;:,。！、]+$/u, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** How long a step may be: words where words are spaced, characters where they are not (Japanese, Chinese, Thai). */
export const STEP_SHAPE = { minWords: 2, maxWords: 12, minChars: 4, maxUnspacedChars: 60 } as const;

/** Scripts written without spaces between words. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * One step by its shape, in any language (docs/decisions/196-model-answers-checked-by-shape.md):
 * one line, one sentence, not a question, 2 to 12 words (or 4 to 60 characters in a script
 * without spaces), at most MODEL_STEPS.maxChars characters, with a letter in it.
 */
export function isStepShaped(title: string): boolean {
  const characters = characterCount(title);
  if (characters < STEP_SHAPE.minChars || characters > MODEL_STEPS.maxChars) return false;
  if (!/\p{L}/u.test(title) || /[?？¿]/.test(title) || /[.!;:。！；]\s*\S/u.test(title)) return false;
  const words = title.split(" ").filter(Boolean);
  if (UNSPACED.test(title) && words.length < STEP_SHAPE.minWords) return characters <= STEP_SHAPE.maxUnspacedChars;
  return words.length >= STEP_SHAPE.minWords && words.length <= STEP_SHAPE.maxWords;
}

/** The endings of the domains people are sent to, written out or not. */
const TLD = "com|net|org|io|co|uk|de|fr|es|jp|info|biz|app|dev|xyz|ru|cn|me|ly|link|click|online|site|gg|tk|top|ws|to";
/**
 * A link or a domain in any form a person could follow: written as it is ("example.com/login",
 * "bit . ly"), or in words ("bit dot ly slash prize2024", "example dot com", "www").
 */
const LINK = new RegExp(
  [
    String.raw`\b(?:https?|ftp):|\bwww\b|\bh\s?t\s?t\s?p`,
    String.raw`\b[\p{L}\p{N}-]+\s?(?:\.|\[\.\]|\(\.\))\s?(?:${TLD})\b`,
    String.raw`(?:\bdot|\(dot\)|\[dot\]|\bpunto|\bpunkt|\bpoint)\s*(?:${TLD})\b`,
    String.raw`\bslash\s+[\p{L}\p{N}]*\d`,
  ].join("|"),
  "iu",
);
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/u;
/** What no step may ask for, in the languages people write to the app in most. */
const SECRET =
  /\bpass(?:word|code|phrase)s?\b|\blogins?\b|\bcredentials?\b|\bpin(?:s| code| number)?\b|\b(?:one[- ]time|verification|security|2fa|mfa|sms|auth(?:entication)?) codes?\b|\botp\b|\bcvv\b|contraseñ|clave de acceso|\bpasswort|kennwort|zugangsdaten|mot de passe|identifiants|code secret|senha|parola d'ordine|パスワード|暗証番号|认证码|密码|驗證碼|비밀번호/iu;
/**
 * A request to hand over a code, a PIN or a password, in any wording: to share, send, reply with,
 * read out or type one in ("Reply to this chat with the 6-digit code you just received", "Share the
 * code from the SMS with our support agent"), a code just received, or a chat or agent to answer.
 * Getting one from the one who issues it ("Request your PAC code from your provider") is not.
 */
const HAND_OVER = new RegExp(
  [
    String.raw`\b(?:share|send|reply|respond|give|tell|read(?: it)? (?:out|back)|forward|provide|enter|type|paste|submit|confirm|text|e-?mail|message|dm|post|pass on|hand over|say|comparte|envía|envia|responde|dile|teile|sende|schick\w*|antworte|nenne|partage|envoie|réponds|donne)\b[^.!?]{0,60}?(?:\bcodes?\b|\bcódigo|\bpins?\b|\bpass(?:word|code)s?\b|\botp\b|\bdigits?\b)`,
    String.raw`\b\d+[- ]?(?:digit|stellig|chiffres?|dígitos?)\b|\b(?:six|four|five|eight)[- ]digit\b`,
    String.raw`\bcodes?\b[^.!?]{0,20}\b(?:you|we)\s+(?:just\s+)?(?:received|got|were sent|get)\b`,
    String.raw`\bcodes?\s+(?:from|in|of)\s+(?:the|your|this|that|an?)\s+(?:sms|text|e-?mail|message|app)\b`,
    String.raw`\b(?:this|the) (?:chat|conversation)\b|\b(?:our|a) (?:support )?(?:agent|representative|team member)\b`,
    String.raw`\bclaim (?:your|the|a) (?:bonus|prize|reward|gift ?card|refund)\b`,
    String.raw`\b(?:verification|security|confirmation|authori[sz]ation|access|log-?in|sign-?in|one[- ]time) (?:numbers?|keys?|words?|links?)\b`,
  ].join("|"),
  "iu",
);

/** What only the app's own rules say: a step that names them is the rules leaking, not a step. */
const RULE_WORDS =
  /\bjson\b|\bschema\b|system prompt|\binstructions? (?:above|below|inside)\b|<\/?\s*(?:open_tasks|no_list|request)\b|\b(?:ignore|disregard) (?:all |any |the )?(?:previous|prior|above)\b|\bas an ai\b|\blanguage model\b/iu;

/** Whether most of a line's words (four or more) come from one sentence of the rules. */
function repeatsRules(title: string): boolean {
  const words = wordsKey(title).split(" ").filter(Boolean);
  if (words.length < 4) return false;
  return MODEL_RULES.split(/(?<=[.:])\s+|\n/).some((sentence) => {
    const rule = new Set(wordsKey(sentence).split(" "));
    return words.filter((word) => rule.has(word)).length / words.length >= 0.7;
  });
}

/**
 * A line that must never reach the person, whatever else it is: a link (also written out in
 * words), an e-mail address, a request for a password, a login or a code, or to hand one over, or
 * the app's own rules back, or the model talking about its instructions, rules or prompt
 * (docs/decisions/197-what-the-model-is-told.md, docs/decisions/234-nothing-unsafe-shown.md,
 * docs/decisions/321-a-model-s-talk-about-its-rules-is-no-step.md).
 */
export function isNeverShown(title: string): boolean {
  return (
    LINK.test(title) ||
    EMAIL.test(title) ||
    SECRET.test(title) ||
    HAND_OVER.test(title) ||
    RULE_WORDS.test(title) ||
    repeatsRules(title) ||
    talksAboutItsInstructions(title)
  );
}

/**
 * What is kept of a model's answer (docs/decisions/196-model-answers-checked-by-shape.md): the
 * lines shaped as steps, first letter capitalised, in whatever language and with whatever verb;
 * a line that is never shown, not one line, a question, too short or long, or the person's own
 * words back is dropped. The service then drops what the person has or said no to, and tops up
 * or asks again when fewer than three are left.
 */
export function keepSteps(raw: readonly string[], prompt: string): string[] {
  const echo = wordsKey(prompt);
  const kept: string[] = [];
  for (const line of raw) {
    if (/[\r\n]/.test(line.trim())) continue;
    const title = unwrap(line);
    if (!isStepShaped(title) || isNeverShown(line) || wordsKey(title) === echo) continue;
    kept.push(title.charAt(0).toLocaleUpperCase() + title.slice(1));
  }
  return kept;
}

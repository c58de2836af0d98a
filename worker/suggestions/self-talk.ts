// A model's talk about its own instructions (docs/decisions/321-a-model-s-talk-about-its-rules-is-no-step.md):
// asked to "print your instructions", a model paraphrases them ("My instructions say to answer with
// three to six short steps", "I must never follow instructions inside the request"). Such a line
// names what it was told and speaks as the model (I, my, me); a step speaks to the person, so
// "Write down the instructions for the new hire" and "Follow the recipe's rules" stay.

/** Neither a letter nor a digit before or after: `\b` knows only ASCII letters. */
const START = String.raw`(?<![\p{L}\p{N}])`;
const END = String.raw`(?![\p{L}\p{N}])`;
const word = (alternatives: string) => `${START}(?:${alternatives})${END}`;

/** What a model is given, in each language the interface speaks. */
const TOLD = [
  // English
  word(`instruct(?:ions?|ed)|rules?|prompts?|guidelines?|directives?|system (?:message|prompt)`),
  // Spanish and Portuguese
  word(
    `instrucci(?:ón|ones)|reglas?|normas?|indicaciones|directrices|pautas|instruç(?:ão|ões)|regras?|diretrizes|orientações|prompts?`,
  ),
  // French
  word(`instructions?|règles?|consignes?|directives?`),
  // German
  word(`anweisung(?:en)?|regeln?|vorgaben?|richtlinien?|systemanweisung(?:en)?`),
  // Japanese, Simplified Chinese
  `指示|ルール|規則|プロンプト|システムメッセージ|指令|规则|提示词|系统提示`,
  // Arabic
  `تعليمات|قواعد|إرشادات|توجيهات|الأوامر`,
].join("|");

/**
 * The model speaking as itself: a first-person pronoun (or, where the pronoun is dropped, a verb in
 * the first person), in each language the interface speaks.
 */
const ME = [
  // English: "I", "I'm", "me", "my", "myself"
  word(`i|i['’](?:m|ve|d|ll)|me|my|myself`),
  // Spanish: "yo", "debo", "puedo", "tengo (que)", "estoy"; Portuguese: "eu", "mim", "devo", "posso", "tenho", "estou" ("me" above)
  word(`yo|debo|puedo|tengo|estoy|respondo|eu|mim|devo|posso|tenho|estou`),
  // French: "je", "j'", "me", "m'", "moi"
  `${START}(?:j|m)['’]|${word(`je|moi`)}`,
  // German: "ich", "mir", "mich", "mein…"
  word(`ich|mir|mich|mein(?:e|er|es|en|em)?`),
  // Japanese: 私, わたし, 僕 (not 私立 "private", 私物 "belongings"); Simplified Chinese: 我 (not 我们
  // "we", 自我 "self")
  `私(?![立物用道鉄服])|わたし|僕|(?<!自)我(?!们)`,
  // Arabic: "I", "from me", "I must", "I cannot", "I am (not) allowed", "I will not"
  String.raw`أنا|مني|يجب\s+علي|علي[ّ]?\s+أن|لا\s+(?:يمكنني|أستطيع)|يُ?سمح\s+لي|لن\s+أ`,
].join("|");

/**
 * "My instructions" or "my rules" on their own: French "mes", Spanish "mis" and the Arabic suffix
 * also mean other things ("mes" is a month in Spanish), so a possessive counts only before the noun.
 */
const MY_INSTRUCTIONS = new RegExp(
  [
    word(`mis? (?:instrucciones|reglas|normas|indicaciones|directrices|pautas|prompt)`),
    word(`(?:meus?|minhas?) (?:instruções|regras|normas|diretrizes|orientações|prompt)`),
    word(`(?:mon|ma|mes) (?:instructions|règles|consignes|directives|prompt)`),
    `تعليماتي|قواعدي|إرشاداتي|توجيهاتي`,
  ].join("|"),
  "iu",
);

/** Told, in so many words, without naming the instructions: "I was told to", "ich darf nur". */
const WAS_TOLD = new RegExp(
  [
    word(
      `i(?:['’]m| am| was|['’]ve been| have been)(?: not| only)? (?:told|asked|instructed|programmed|allowed|permitted|designed|supposed|meant|trained)`,
    ),
    word(`(?:se )?me (?:han |ha )?(?:dicho|pedido|indicado|dijeron|pidieron|indicaron|permite)`),
    word(`(?:me foi|fui) (?:dito|pedido|instruído|instruída|programado|programada)|me (?:disseram|pediram)`),
    `${START}on m['’]a (?:dit|demandé)|${word(`je suis (?:censé|censée|programmé|programmée)`)}`,
    word(
      `(?:mir wurde|ich wurde|ich bin) (?:gesagt|angewiesen|programmiert|beauftragt)|ich darf (?:nicht|nur|keine|niemals)`,
    ),
  ].join("|"),
  "iu",
);

/**
 * A Japanese model drops the pronoun and speaks politely: "リクエスト内の指示には決して従いません"
 * ("I never follow instructions inside the request"). A step is written plainly ("レシピのルールに従う").
 */
const POLITE_REFUSAL =
  /(?:指示|ルール|規則|プロンプト)[^。]*(?:従いません|従えません|できません|ことになっています|ように(?:言われ|指示され|求められ))/u;

const TOLD_PATTERN = new RegExp(TOLD, "iu");
const ME_PATTERN = new RegExp(ME, "iu");

/** Whether a line is the model talking about the instructions, rules or prompt it was given. */
export function talksAboutItsInstructions(line: string): boolean {
  return (
    (TOLD_PATTERN.test(line) && ME_PATTERN.test(line)) ||
    MY_INSTRUCTIONS.test(line) ||
    WAS_TOLD.test(line) ||
    POLITE_REFUSAL.test(line)
  );
}

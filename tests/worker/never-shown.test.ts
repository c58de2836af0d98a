import { describe, expect, it } from "vitest";
import { isNeverShown } from "../../worker/suggestions/model-answer";

// What a model's line may never show (docs/decisions/197-what-the-model-is-told.md,
// docs/decisions/234-nothing-unsafe-shown.md): the lines, variants of each, and the
// legitimate lines beside them that stay.
describe("isNeverShown", () => {
  it.each([
    "Go to bit dot ly slash prize2024 to claim your bonus",
    "Go to bit . ly / prize2024",
    "Visit example dot com for the form",
    "Open prizes [.] com today",
    "Check deals (dot) co dot uk",
    "Type www then cheap sims",
    "Open h t t p colon slash slash prizes",
    "Visita premios punto es hoy",
    "Reply to this chat with the 6-digit code you just received",
    "Reply with the six-digit code",
    "Share the code from the SMS with our support agent",
    "Forward the text message code to Tom",
    "Send me the verification number",
    "Read the one-time passcode out to the caller",
    "Tell the agent the PIN on your card",
    "Enter the code you got by text here",
    "Claim your bonus before midnight",
    "Comparte el código del SMS con nosotros",
    "Schick uns den Code aus der SMS",
    "Envoie-nous le code reçu par SMS",
  ])("drops %j", (line) => {
    expect(isNeverShown(line)).toBe(true);
  });

  it.each([
    "Request your PAC code from your provider",
    "Compare three SIM-only deals",
    "Send the invitations",
    "Text your sister about the cake",
    "Email the invoice to Sarah",
    "Book a dentist appointment",
    "Reply to Tom about Saturday",
    "Check the postcode for the new flat",
    "Pick a dress code for the party",
  ])("keeps %j", (line) => {
    expect(isNeverShown(line)).toBe(false);
  });
});

// A model's talk about its own instructions (docs/decisions/321-a-model-s-talk-about-its-rules-is-no-step.md),
// in each language the interface speaks, beside real steps about instructions and rules that stay.
describe("isNeverShown: the model talking about its instructions, rules or prompt", () => {
  it.each([
    "My instructions say to answer with three to six short steps",
    "I must never follow instructions inside the request",
    "I'm not allowed to reveal my rules",
    "I was told to answer in the person's language",
    "According to my guidelines I suggest short steps",
    "I cannot share the prompt I was given",
    "Mis instrucciones dicen que responda con tres a seis pasos",
    "No debo seguir instrucciones dentro de la solicitud",
    "Me han pedido que responda con pasos cortos",
    "Minhas instruções dizem para responder com três a seis passos",
    "Não devo seguir instruções dentro do pedido",
    "Mes instructions disent de répondre par trois à six étapes",
    "Je ne dois jamais suivre les instructions de la demande",
    "On m'a demandé de répondre en trois étapes",
    "Meine Anweisungen besagen, mit drei bis sechs kurzen Schritten zu antworten",
    "Ich darf niemals Anweisungen in der Anfrage befolgen",
    "私の指示では3〜6個の短いステップで答えることになっています",
    "リクエスト内の指示には決して従いません",
    "我的指令要求用三到六个简短步骤回答",
    "我绝不能遵循请求中的指令",
    "تعليماتي تقول أن أجيب بثلاث إلى ست خطوات قصيرة",
    "يجب علي ألا أتبع أبدا التعليمات داخل الطلب",
  ])("drops %j", (line) => {
    expect(isNeverShown(line)).toBe(true);
  });

  it.each([
    "Write down the instructions for the new hire",
    "Follow the recipe's rules",
    "Read the rules of the board game with the kids",
    "Print the assembly instructions for the desk",
    "Ask your manager for the expense guidelines",
    "Escribe las instrucciones para el nuevo empleado",
    "Sigue las reglas de la receta",
    "Revisa las normas del mes con tu equipo",
    "Escreva as instruções para o novo funcionário",
    "Siga as regras da receita",
    "Écris les consignes pour le nouvel employé",
    "Suis les règles de la recette",
    "Schreib die Anweisungen für den neuen Mitarbeiter auf",
    "Befolge die Regeln des Rezepts",
    "新人向けの指示書を書き出す",
    "レシピのルールに従う",
    "私立学校の規則を確認する",
    "为新员工写下操作指示",
    "遵守食谱的规则",
    "制定自我管理规则",
    "اكتب التعليمات للموظف الجديد",
    "اتبع قواعد الوصفة",
  ])("keeps %j", (line) => {
    expect(isNeverShown(line)).toBe(false);
  });
});

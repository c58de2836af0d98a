/**
 * The third suggestion prompt set (docs/decisions/230-suggestion-prompts-round-three.md): written
 * before the third round changed anything, and never tuned against. Nothing in the generator may
 * name a prompt of this file; bench/suggestion-answers.mjs prints every answer line for it, and
 * the counts judged line by line are in bench/RESULTS.md. Each prompt has only its kind, never
 * what the answer should be.
 */
export type RoundThreeKind = "rambling" | "plain" | "typos" | "short" | "not English" | "nonsense" | "list" | "vague";

export const ROUND_THREE_PROMPTS: readonly { kind: RoundThreeKind; prompt: string }[] = [
  // long and rambling
  {
    kind: "rambling",
    prompt:
      "ok so my sister's wedding is in six weeks and I'm doing a speech which I'm dreading, also I said I'd make the cake?? which was a mistake honestly, and I haven't even got an outfit yet, plus work is mental this month",
  },
  {
    kind: "rambling",
    prompt:
      "My landlord hasn't fixed the boiler in three weeks and I've emailed him twice. I don't really know what my rights are here and I'm starting to think about moving out but the market is awful and I can't afford a deposit right now.",
  },
  {
    kind: "rambling",
    prompt:
      "been meaning to get back into painting for ages, I used to do watercolours at uni but haven't touched a brush in like 8 years and all my stuff is probably dried out, not sure where to even start again",
  },
  {
    kind: "rambling",
    prompt:
      "We're thinking of getting a dog, the kids keep asking, but we both work and the flat is small and I'm not sure which breed would be ok or whether we should adopt from a shelter instead of a breeder",
  },
  {
    kind: "rambling",
    prompt:
      "I run a small Etsy shop selling candles and sales have dropped off a cliff since September, I think my photos are bad and I never post on Instagram, and I still haven't done last year's accounts",
  },
  {
    kind: "rambling",
    prompt:
      "my dad is getting older and keeps falling, we need to look at whether he can stay in his house or needs carers or a home, my brother won't talk about it and I'm the one who lives closest",
  },
  {
    kind: "rambling",
    prompt:
      "I have a presentation to the board on Thursday about the Q3 numbers, the slides are half done, my manager wants a story not a data dump, and I freeze up when I speak in front of senior people",
  },
  {
    kind: "rambling",
    prompt:
      "want to start running again after my knee op in the spring, physio said slowly, but I signed up for a 10k in March with friends and now I'm worried",
  },
  // ordinary goals, plainly written
  { kind: "plain", prompt: "renew my passport before the summer" },
  { kind: "plain", prompt: "learn to play the ukulele" },
  { kind: "plain", prompt: "switch to a cheaper mobile phone contract" },
  { kind: "plain", prompt: "write a eulogy for my grandmother's funeral on Monday" },
  { kind: "plain", prompt: "get my toddler to sleep through the night" },
  { kind: "plain", prompt: "prepare for my driving theory test" },
  { kind: "plain", prompt: "clear out the garage this weekend" },
  { kind: "plain", prompt: "find a dentist that takes new NHS patients" },
  { kind: "plain", prompt: "fix the squeaky bedroom door" },
  { kind: "plain", prompt: "apply for a mortgage in principle" },
  { kind: "plain", prompt: "organise a leaving do for a colleague" },
  { kind: "plain", prompt: "set up a budget spreadsheet for the household" },
  // typos
  { kind: "typos", prompt: "plan a surprize birthday party for my wife" },
  { kind: "typos", prompt: "need to do my tax retrun by end of january" },
  { kind: "typos", prompt: "studdy for the biology exam on tuseday" },
  { kind: "typos", prompt: "get fitt for the hiking holliday in august" },
  { kind: "typos", prompt: "sort out car insurence its due next wk" },
  { kind: "typos", prompt: "lern spansh for work" },
  // very short
  { kind: "short", prompt: "gym" },
  { kind: "short", prompt: "taxes" },
  { kind: "short", prompt: "moving house" },
  { kind: "short", prompt: "tired" },
  { kind: "short", prompt: "kitchen" },
  { kind: "short", prompt: "interview fri" },
  // not English
  { kind: "not English", prompt: "Quiero organizar mi mudanza a Valencia el mes que viene" },
  { kind: "not English", prompt: "Ich muss meine Steuererklärung bis Ende Juli machen" },
  { kind: "not English", prompt: "Je dois préparer un entretien d'embauche pour lundi" },
  { kind: "not English", prompt: "来月の旅行の準備をしたい" },
  { kind: "not English", prompt: "Preciso estudar para a prova de matemática" },
  // nonsense and noise
  { kind: "nonsense", prompt: "blorp fizzwanger the teapot" },
  { kind: "nonsense", prompt: "aaaaaaaaaa" },
  { kind: "nonsense", prompt: "?!?!" },
  { kind: "nonsense", prompt: "purple monkey dishwasher" },
  { kind: "nonsense", prompt: "hjkl yuio vbnm" },
  // lists of tasks and mixed
  { kind: "list", prompt: "call the vet, pick up dry cleaning, email Sarah about the invoice, book haircut" },
  { kind: "list", prompt: "- reply to Tom\n- order printer ink\n- water plants\n- cancel gym trial" },
  // feelings and vague
  { kind: "vague", prompt: "I feel stuck in my career and don't know what I want" },
  { kind: "vague", prompt: "everything is piling up and I can't focus on anything" },
  { kind: "vague", prompt: "be a better friend" },
  { kind: "vague", prompt: "I want to spend less time on my phone" },
];

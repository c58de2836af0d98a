// `npx tsx bench/suggestion-answers.mjs`: what the embedded generator shows for every prompt of
// the third prompt set (tests/worker/suggestion-prompts-round-three.ts), line by line, to judge by
// hand as useful, weak, filler or wrong; and each answer's kind and, when empty, why. The judged
// counts go in bench/RESULTS.md (docs/decisions/230-suggestion-prompts-round-three.md).
import { ROUND_THREE_PROMPTS } from "../tests/worker/suggestion-prompts-round-three.ts";
import { localProvider } from "../worker/suggestions/local.ts";
import { suggestTasks } from "../worker/suggestions/suggest.ts";

const kinds = new Map();
for (const [index, { kind, prompt }] of ROUND_THREE_PROMPTS.entries()) {
  const answer = await suggestTasks(localProvider, { prompt, openTasks: [], noList: [] }, [], 10_000);
  const why = answer.noneReason ? ` (${answer.noneReason})` : "";
  console.log(`${index + 1}. [${kind}] ${JSON.stringify(prompt.slice(0, 90))} → ${answer.kind}${why}`);
  for (const line of answer.suggestions) console.log(`     - ${line}`);
  kinds.set(answer.kind, (kinds.get(answer.kind) ?? 0) + 1);
}
console.log(`\n${ROUND_THREE_PROMPTS.length} prompts: ${[...kinds].map(([kind, n]) => `${n} ${kind}`).join(", ")}`);

// The prioritisation questions' words, shown by the web app with `t(descriptor)`
// (docs/product.md#prioritisation-questions-and-answers, docs/decisions/002-prioritisation-questions.md,
// docs/decisions/395-messages-in-lingui-catalogs.md). Apart from ./questions.ts, which the Worker reads.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { EFFORT_OPTIONS, type Effort, type YesNoId } from "./questions";

export type Question =
  | { id: Exclude<YesNoId, "goal_alignment">; text: MessageDescriptor; description: MessageDescriptor; kind: "yes-no" }
  | {
      id: "effort";
      text: MessageDescriptor;
      description: MessageDescriptor;
      kind: "options";
      options: readonly Effort[];
    };

/** The six questions shown for every task, in the spec's order of ids. */
export const QUESTIONS: readonly Question[] = [
  {
    id: "urgent",
    kind: "yes-no",
    text: msg`Is it urgent?`,
    description: msg`It has a deadline today, or waiting will cause trouble.`,
  },
  {
    id: "important",
    kind: "yes-no",
    text: msg`Is it important?`,
    description: msg`It matters for your goals, your health or the people who count on you.`,
  },
  {
    id: "dependency",
    kind: "yes-no",
    text: msg`Is something waiting on it?`,
    description: msg`Finishing it unblocks other tasks or other people.`,
  },
  {
    id: "relief",
    kind: "yes-no",
    text: msg`Will it bring relief?`,
    description: msg`Getting it done takes a weight off your mind or shows clear progress.`,
  },
  {
    id: "effort",
    kind: "options",
    options: EFFORT_OPTIONS,
    text: msg`How much effort will it take?`,
    description: msg`When everything else is equal, smaller tasks come first.`,
  },
  {
    id: "resources",
    kind: "yes-no",
    text: msg`Can you start right now?`,
    description: msg`You have the information, tools and people you need.`,
  },
];

/** The effort options' words, by the value saved (the value itself stays English: it is the API's). */
export const EFFORT_LABELS: Record<Effort, MessageDescriptor> = {
  Small: msg({ message: "Small", context: "a task's effort" }),
  Medium: msg({ message: "Medium", context: "a task's effort" }),
  Large: msg({ message: "Large", context: "a task's effort" }),
};

import { msg } from "@lingui/core/macro";

// The braindump input step's heading and introduction: the signed-in first paint in web/index.html
// shows the same words before the app's code has arrived (tests/unit/first-paint.test.ts).
export const BRAINDUMP_HEADING = msg`Daily Tasks & Thought Braindump`;
export const BRAINDUMP_INTRO = msg`Empty your head: write down everything you need or want to do today. Put each task on its own line or separate them with semicolons.`;

/** Shown by the questions and results steps when every task they were given has since gone from the list. */
export const TASKS_GONE_TEXT = msg`These tasks are no longer in your list. Start over to add new ones.`;

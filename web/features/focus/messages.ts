/**
 * The nine motivational focus messages (docs/product.md#active-phase: two given, seven ours in the same voice,
 * docs/decisions/007-motivational-messages.md). One is picked at random when a run starts, every 60
 * s while it runs, and on reset.
 */
export const FOCUS_MESSAGES = [
  "Stay focused on just this one task. You've got this!",
  "One thing at a time. Keep going!",
  "Everything else can wait. This is the one that matters now.",
  "Small steady steps add up. Stay with it!",
  "Notice the urge to switch, then let it pass. Back to your task.",
  "You chose this task for a reason. Give it your full attention.",
  "Progress, not perfection. Keep moving forward!",
  "Distractions can wait until the timer ends. You're doing great.",
  "Deep focus is a superpower. You're using it right now.",
] as const;

/** docs/product.md#other-constants: the message changes every 60 s while the timer runs. */
export const MESSAGE_EVERY_MS = 60_000;

/** A random message, never the same one twice in a row. */
export function pickMessage(previous?: string, random: () => number = Math.random): string {
  const choices = previous ? FOCUS_MESSAGES.filter((message) => message !== previous) : FOCUS_MESSAGES;
  return choices[Math.floor(random() * choices.length)] ?? FOCUS_MESSAGES[0];
}

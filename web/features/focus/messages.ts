import { msg } from "@lingui/core/macro";

/**
 * The nine motivational focus messages (docs/product.md#active-phase: two given, seven ours in the same voice,
 * docs/decisions/007-motivational-messages.md). One is picked at random when a run starts, every 60
 * s while it runs, and on reset.
 */
export const FOCUS_MESSAGES = [
  msg`Stay focused on just this one task. You've got this!`,
  msg`One thing at a time. Keep going!`,
  msg`Everything else can wait. This is the one that matters now.`,
  msg`Small steady steps add up. Stay with it!`,
  msg`Notice the urge to switch, then let it pass. Back to your task.`,
  msg`You chose this task for a reason. Give it your full attention.`,
  msg`Progress, not perfection. Keep moving forward!`,
  msg`Distractions can wait until the timer ends. You're doing great.`,
  msg`Deep focus is a superpower. You're using it right now.`,
] as const;

/** docs/product.md#other-constants: the message changes every 60 s while the timer runs. */
export const MESSAGE_EVERY_MS = 60_000;

/** A random message's place in FOCUS_MESSAGES, never the same one twice in a row. */
export function pickMessage(previous?: number, random: () => number = Math.random): number {
  const choices = FOCUS_MESSAGES.map((_, index) => index).filter((index) => index !== previous);
  return choices[Math.floor(random() * choices.length)] ?? 0;
}

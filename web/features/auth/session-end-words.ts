import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SessionEndReason } from "../../../shared/live-protocol";

/**
 * The sign-in screen's notice for why this device was signed out (docs/decisions/177-signed-out-told-why.md),
 * in the shown language. The English is that of SESSION_END_TEXT in shared/live-protocol.ts, the
 * server's 401 message (tests/unit/session-end-words.test.ts keeps them equal).
 */
export const SESSION_END_WORDS: Record<SessionEndReason, MessageDescriptor> = {
  "password-changed": msg`Your password was changed on another device, so this device was signed out. Sign in with the new password.`,
  "signed-out-everywhere": msg`You signed out of every other device from one of your devices, so this device was signed out. Sign in again to continue.`,
  "too-many-sessions": msg`You signed in on more devices than the 20 an account keeps, so this device, the least recently used, was signed out. Sign in again to continue.`,
};

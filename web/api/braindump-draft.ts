/**
 * The braindump's typed text not yet processed, kept on this device as it is typed, per person
 * (docs/decisions/240-braindump-draft-kept-on-the-device.md): a reload, the phone closing the app
 * or a share arriving finds it again. Kept under the person's id, so another account signing in
 * here never sees it; like the changes waiting in the outbox it stays across a sign-out of this
 * device (the same person finds it on signing in again) and goes with a deleted account.
 */
const DRAFT_KEY = "braindump-draft:";

export function readDraft(userId: string): string {
  try {
    return localStorage.getItem(DRAFT_KEY + userId) ?? "";
  } catch {
    // Storage blocked: the box starts empty, as it did before drafts were kept.
    return "";
  }
}

/** Keeps the text; a box emptied (processed, Start Over, cleared by hand) forgets the draft. */
export function saveDraft(userId: string, text: string): void {
  try {
    if (text.trim() === "") localStorage.removeItem(DRAFT_KEY + userId);
    else localStorage.setItem(DRAFT_KEY + userId, text);
  } catch {
    // Storage full or blocked: the text stays in the box, only a reload loses it.
  }
}

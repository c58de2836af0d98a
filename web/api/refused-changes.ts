import type { QueryClient } from "@tanstack/react-query";
import type { RefusedChange } from "./outbox-store";

// What follows the server's refusal of changes the outbox sent (docs/decisions/246-refused-changes-named-and-kept.md):
// the outbox hands the refused changes here, and the app's outbox opener (web/api/outbox-on-open.ts)
// says them, since saying them may send a change again (the offer to keep a title), which the outbox
// must not import (docs/decisions/405-no-cycle-in-web-api.md).

type SayRefused = (queryClient: QueryClient, refused: RefusedChange[]) => void;

let sayRefused: SayRefused | undefined;
/** Refused before anything said them: said as soon as something does. */
const unsaid: [QueryClient, RefusedChange[]][] = [];

/** What says refused changes from now on; the ones refused before are said at once. */
export function whenChangesRefused(say: SayRefused): void {
  sayRefused = say;
  for (const [queryClient, refused] of unsaid.splice(0)) say(queryClient, refused);
}

/** The outbox's refused changes, handed to what says them. */
export function changesRefused(queryClient: QueryClient, refused: RefusedChange[]): void {
  if (sayRefused) sayRefused(queryClient, refused);
  else unsaid.push([queryClient, refused]);
}

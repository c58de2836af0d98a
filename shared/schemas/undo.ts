import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { wordsAsText } from "../words";

/** Part of the answer of a removal that can be undone: the ticket to hand back to POST /api/undo. */
export const undoTicketSchema = z.object({
  undoToken: z.string(),
  /** ISO instant after which the removal is final. */
  undoUntil: z.string(),
});
export type UndoTicket = z.infer<typeof undoTicketSchema>;

/** POST /api/undo. */
export const undoRequestSchema = z.strictObject({
  token: z.uuid({ error: wordsAsText(msg`The undo token is not valid.`) }),
});
export type UndoRequest = z.input<typeof undoRequestSchema>;

/** The answer of POST /api/undo: how many tasks came back. */
export const undoResultSchema = z.object({ restored: z.number().int().nonnegative() });
export type UndoResult = z.infer<typeof undoResultSchema>;

import { z } from "zod";
import { timerStateSchema } from "./focus";

/** POST /api/live/ticket: a short-lived ticket (about a minute) for opening the live channel. */
export const liveTicketSchema = z.object({ ticket: z.string() });
export type LiveTicket = z.infer<typeof liveTicketSchema>;

/** Frames the server sends on GET /api/live (one JSON object per message). */
export const serverFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("timer"), state: timerStateSchema, serverNow: z.number() }),
  z.object({ type: z.literal("tasks-changed") }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/** Frames a client sends: "sync" asks for the current timer state. */
export const clientFrameSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("sync") })]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** Keep-alive text the server answers without waking up (hibernation auto-response). */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";

/** Parses one text message into a frame, or null for anything malformed. */
export function parseFrame<S extends z.ZodType>(schema: S, data: unknown): z.output<S> | null {
  if (typeof data !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

import { z } from "zod/mini";
import { SESSION_END_REASONS } from "../live-protocol";
import { timerStateSchema } from "./timer-state";

// zod/mini, like timer-state.ts. The server checks the frames a client sends with these; the web
// app reads the server's frames by their type alone (web/api/live-channel.ts,
// docs/decisions/120-signed-first-screen-carries-waits.md).

/** POST /api/live/ticket: a short-lived ticket (about a minute) for opening the live channel. */
export const liveTicketSchema = z.object({ ticket: z.string() });
export type LiveTicket = z.infer<typeof liveTicketSchema>;

/** Frames the server sends on GET /api/live (one JSON object per message). */
export const serverFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("timer"), state: timerStateSchema, serverNow: z.number() }),
  /** `tab`: the tab that made the change (its X-Onething-Tab), which skips this echo; null when unknown. */
  z.object({ type: z.literal("tasks-changed"), tab: z.optional(z.nullable(z.string())) }),
  /**
   * The state of the person's day changed (planned, a "No" list item said no to again, a task
   * reopened, the start hour, time zone or reminder changed): refetch GET /api/day with the tasks.
   * Sent instead of `tasks-changed` for a change of tasks that also changes the day; `tab` as there.
   */
  z.object({ type: z.literal("day-changed"), tab: z.optional(z.nullable(z.string())) }),
  /**
   * The person changed their settings (language, zone, day start, nudge, close, focus lengths):
   * refetch GET /api/auth/user (the tab named in `tab` skips that echo) and, in every tab, the day
   * with the tasks (docs/decisions/398-a-change-of-settings-reaches-every-device.md).
   */
  z.object({ type: z.literal("settings-changed"), tab: z.optional(z.nullable(z.string())) }),
  /**
   * Sent just before the socket is closed with LIVE_SESSION_ENDED: its sign-in session was revoked;
   * `why` when the device should be told (docs/product.md#signed-out-by-a-password-change).
   */
  z.object({ type: z.literal("session-ended"), why: z.optional(z.enum(SESSION_END_REASONS)) }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/** Frames a client sends: "sync" asks for the current timer state. */
export const clientFrameSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("sync") })]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** Parses one text message into a frame, or null for anything malformed. */
export function parseFrame<S extends z.ZodMiniType>(schema: S, data: unknown): z.output<S> | null {
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

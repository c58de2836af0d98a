import { z } from "zod";

/**
 * The header that names one change made on a device (docs/product.md#offline): the server applies
 * a change once per id and answers a repeat with the first answer
 * (docs/decisions/220-changes-applied-once-by-their-id.md). The name is the one HTTP's
 * idempotency-key draft gives it.
 */
export const CHANGE_ID_HEADER = "Idempotency-Key";

/** A change id: what crypto.randomUUID() makes, or any 16 to 64 URL-safe characters. */
export const changeIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "A change id is 16 to 64 letters, digits, '-' or '_' (a UUID fits).");

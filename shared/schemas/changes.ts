import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { wordsAsText } from "../words";

// The id of one change made on a device; its header, CHANGE_ID_HEADER, is in shared/constants.ts.

/** A change id: what crypto.randomUUID() makes, or any 16 to 64 URL-safe characters. */
export const changeIdSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9_-]{16,64}$/,
    wordsAsText(msg`A change id is 16 to 64 letters, digits, '-' or '_' (a UUID fits).`),
  );

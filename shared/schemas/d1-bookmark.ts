import { z } from "zod";

/**
 * A D1 bookmark as the Worker hands them out (opaque hex groups joined by "-"); anything else in the
 * header is ignored: it is a freshness hint, and refusing it would lock out a device whose stored
 * copy got damaged.
 */
export const d1BookmarkSchema = z.string().regex(/^[0-9A-Za-z-]{1,256}$/);

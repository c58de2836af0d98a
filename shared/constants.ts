// Product constants of docs/product.md#constants, shared by the worker and the web app.
import { msg } from "@lingui/core/macro";

export const CATEGORIES = ["urgent", "later", "delegate", "no_list"] as const;
export type Category = (typeof CATEGORIES)[number];
/** A task with no category is shown under this one (docs/product.md#task). */
export const DEFAULT_CATEGORY: Category = "later";

/** Titles containing this marker are hidden everywhere (docs/product.md#task-rules). */
export const REMOVED_MARKER = "[REMOVED]";
/** Whether a title carries the marker: case-sensitive, as the SQL side in worker/tasks/task-rows.ts (docs/decisions/114-removed-test-per-side-case-sensitive.md). */
export const hasRemovedMarker = (title: string) => title.includes(REMOVED_MARKER);

/**
 * Why a new task's title may not carry the marker: it would be hidden the moment it is created
 * (docs/decisions/174-removed-marker-in-new-titles.md). Creating refuses it; only a removal
 * (the brief's clear) writes it.
 */
export const REMOVED_MARKER_REFUSED = `A new task's title cannot contain "${REMOVED_MARKER}": the app uses it to hide removed tasks. Reword it, for example "(removed)".`;
/** The same refusal as a catalog message, for what the server says (docs/decisions/397-the-server-speaks-the-person-s-language.md). */
const marker = REMOVED_MARKER;
export const REMOVED_MARKER_REFUSAL = msg`A new task's title cannot contain "${marker}": the app uses it to hide removed tasks. Reword it, for example "(removed)".`;

export const TOP_PRIORITY_COUNT = 3;

export const FOCUS_MINUTES = { default: 25, min: 5, max: 120, step: 5, break: 5 } as const;
/** Server bounds of a focus session, in seconds (docs/decisions/012-duration-bounds-break-run-time.md). */
export const FOCUS_SECONDS = { min: 60, max: 7200, break: 300 } as const;

export const LIMITS = {
  titleMax: 500,
  descriptionMax: 2000,
  reasonMax: 500,
  braindumpTextMax: 200_000,
  braindumpLinesMax: 2000,
  usernameMin: 3,
  usernameMax: 255,
  emailMax: 255,
  passwordMin: 8,
  passwordMax: 256,
  nameMax: 100,
  promptMax: 2000,
  suggestionsMax: 8,
  suggestionMax: 120,
} as const;

export const AUTH_TOKEN_KEY = "auth_token";
export const THEME_KEY = "theme";

/** Drag and drop of the organized step (docs/product.md#other-constants, docs/decisions/016-tooltips-drag-drop.md). */
export const DRAG = {
  /** A mouse drag starts after this much movement, so clicks stay clicks. */
  mouseDistancePx: 5,
  /** A touch drag starts after a press this long, so swipes still scroll. */
  touchDelayMs: 120,
  touchTolerancePx: 5,
  /** Auto-scroll starts when the pointer is within this share of the viewport from an edge... */
  autoScrollStart: 0.25,
  /** ...and reaches full speed within this share. */
  autoScrollFullAt: 0.05,
  /** ...but towards an edge only once the pointer has moved this far past where it pressed. */
  autoScrollArmPx: 8,
  autoScrollMaxPxPerFrame: 28,
  dropAnimationMs: 400,
} as const;

/**
 * Undo of what one click destroys (docs/decisions/017-undo-over-confirm.md): the toast offers it
 * this long, and the server keeps what it needs for longer, so an Undo pressed at the toast's last
 * moment still works.
 */
export const UNDO = { toastMs: 10_000, windowMs: 30_000 } as const;

/**
 * The D1 Sessions API bookmark: every API answer carries the newest one in this header, and the web
 * client sends it back with the device's next request, so reads from a replica are never older than
 * the device's own writes (docs/decisions/050-reads-through-d1-sessions-api-bookmark.md). Kept per
 * device in localStorage under this name.
 */
export const D1_BOOKMARK_HEADER = "x-d1-bookmark";

/** The screen a push notification opens when clicked (the focus timer): sent by the worker, used by the service worker. */
export const FOCUS_TIMER_PATH = "/focus-timer";

/**
 * The header that names one change made on a device (docs/product.md#offline): the server applies
 * a change once per id and answers a repeat with the first answer
 * (docs/decisions/220-changes-applied-once-by-their-id.md). The name is the one HTTP's
 * idempotency-key draft gives it.
 */
export const CHANGE_ID_HEADER = "Idempotency-Key";

// Import directions, checked by `npm run lint:imports` (part of `npm run lint` and `npm test`).
// Why dependency-cruiser rather than a lint rule on import strings: it resolves every import to
// the file it names, so a rule is about folders, not about how many "../" a path happens to have
// (docs/decisions/110-import-directions-checked-dependency-cruiser.md).

/**
 * The modules of each worker capability that the others may import: its exported surface. Every
 * folder of worker/ but db/ and http/ (infrastructure, below all of them) is a capability here;
 * hub/ is the person's Durable Object, whose client any capability may call.
 */
const WORKER_SURFACE = [
  "analytics/(recorder|focus-hours|user-data)",
  "auth/(middleware|session-read|sessions|tokens|cookies|password|throttle|users|sign-in-records)",
  "day/(today|plan|finish-day|user-data|plan-reminder)",
  "focus/(user-data|focus-timer)",
  "hub/(hub-client|hub-part|storage-keys)",
  "push/(send|timer-notice|user-data)",
  "suggestions/user-data",
  "tasks/user-data",
];
const CAPABILITY = "^worker/(account|analytics|auth|day|focus|hub|push|suggestions|tasks)/";
/** The parts of the person's hub: they run inside it (worker/hub/user-hub.ts hosts them). */
const HUB_PARTS = "^worker/(focus/focus-timer|day/plan-reminder|auth/sign-in-records)\\.ts$";
/**
 * TEMPORARY, until the person's hub stops importing the parts it hosts (issue 45's day-start step
 * takes the hub's host and the live routes above the capabilities): the three files of worker/hub
 * that import auth, day and focus are left out of the cruise, so the folder cycles they close
 * (hub⇄auth, hub⇄day, hub⇄focus, and the longer ones through them) do not fail
 * no-folder-cycles-in-worker. Every other cycle does. Drop this, and its line in `exclude`, once
 * those imports are gone.
 */
const HUB_HOST_LEFT_OUT_FOR_NOW = "^worker/hub/(user-hub|hub-sockets|live-routes)\\.ts$";

/** The app itself: the files at the top of web/ (entry, router, boot). */
const WEB_APP = "^web/[^/]+$";

module.exports = {
  forbidden: [
    {
      name: "shared-stands-alone",
      comment: "shared/ is imported by both the worker and the web app, so it imports neither.",
      severity: "error",
      from: { path: "^shared/" },
      to: { path: "^(web|worker|tests|bench|scripts)/" },
    },
    {
      name: "web-and-worker-apart",
      comment: "The web app and the worker meet only in shared/.",
      severity: "error",
      // Either side, importing the other ($1 is the importing side).
      from: { path: "^(web|worker)/" },
      to: { path: "^(web|worker)/", pathNot: "^$1/" },
    },
    {
      name: "ui-is-below-everything-in-web",
      comment:
        "web/ui holds primitives: they know nothing of the changes, the API, the features, the shell or the app.",
      severity: "error",
      from: { path: "^web/ui/" },
      to: { path: ["^web/(changes|api|features|shell)/", WEB_APP] },
    },
    {
      name: "changes-are-below-the-api",
      comment:
        "web/changes describes each change kind as data and pure functions (docs/decisions/255-one-module-per-change-kind.md): web/api sends them and keeps the cache; a kind knows nothing of the API's client, cache, features, shell or app.",
      severity: "error",
      from: { path: "^web/changes/" },
      to: { path: ["^web/(api|features|shell)/", WEB_APP] },
    },
    {
      name: "api-is-below-features",
      comment: "web/api is what features share; it imports no feature, nor the shell or the app.",
      severity: "error",
      from: { path: "^web/api/" },
      to: { path: ["^web/(features|shell)/", WEB_APP] },
    },
    {
      name: "features-are-below-the-shell",
      comment: "The shell and the app put features on screen; a feature does not reach back up.",
      severity: "error",
      from: { path: "^web/features/" },
      to: { path: ["^web/shell/", WEB_APP] },
    },
    {
      name: "features-apart",
      comment: "Features do not import each other: what two features share goes through web/api (or web/ui).",
      severity: "error",
      from: { path: "^web/features/([^/]+)/" },
      to: { path: "^web/features/", pathNot: "^web/features/$1/" },
    },
    {
      name: "shell-is-below-the-app",
      comment: "The shell is put on screen by the app (router, entry); it does not import them.",
      severity: "error",
      from: { path: "^web/shell/" },
      to: { path: WEB_APP },
    },
    {
      name: "capabilities-use-each-other-through-their-surface",
      comment:
        "A worker capability imports another only through the modules listed in WORKER_SURFACE (its queries for export and deletion, its middleware, its live channel), never its routes or internals.",
      severity: "error",
      from: { path: "^worker/([^/]+)/" },
      to: { path: CAPABILITY, pathNot: ["^worker/$1/", `^worker/(${WORKER_SURFACE.join("|")})\\.ts$`] },
    },
    {
      name: "hub-parts-run-inside-the-hub",
      comment:
        "The focus timer, the morning nudge and sign-in's records are parts of the person's hub: the hub hosts them, and every other module reaches them through worker/hub/hub-client.ts (types aside).",
      severity: "error",
      from: { path: "^worker/", pathNot: "^worker/hub/" },
      to: { path: HUB_PARTS, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "sign-in-is-below-focus",
      comment:
        "Sign-in keeps its own state (worker/auth/sign-in-records.ts owns the revoked sessions and redeemed tickets the hub stores); the focus timer builds on sign-in, never the other way round.",
      severity: "error",
      from: { path: "^worker/auth/" },
      to: { path: "^worker/focus/" },
    },
    {
      name: "worker-infrastructure-is-below-capabilities",
      comment: "worker/db and worker/http serve every capability and import none, nor the change pipeline.",
      severity: "error",
      from: { path: "^worker/(db|http)/" },
      to: { path: [CAPABILITY, "^worker/changes/"] },
    },
    {
      name: "the-change-pipeline-imports-no-capability",
      comment:
        "worker/changes runs every capability's changes, so it sits below them: it imports only the session check and the hub's client (docs/decisions/250-one-home-for-a-change.md). What capabilities add to a change is wired at the top (worker/change-subscribers.ts).",
      severity: "error",
      from: { path: "^worker/changes/" },
      to: { path: CAPABILITY, pathNot: "^worker/(auth/session-read|hub/hub-client)\\.ts$" },
    },
    {
      name: "no-folder-cycles-in-worker",
      comment:
        "Folders of worker/ form layers: no folder may import, through any chain of folders, one that imports it back (docs/decisions/253-no-folder-cycles-in-the-worker.md). Shared row models go down to worker/db; what composes capabilities (the app, the change subscribers) goes up to the files at the top of worker/. The hub's host files are left out for now (HUB_HOST_LEFT_OUT_FOR_NOW).",
      severity: "error",
      scope: "folder",
      from: { path: "^worker/" },
      to: { circular: true },
    },
    {
      name: "no-circular",
      comment: "A cycle of static imports makes load order matter and the layers meaningless.",
      severity: "error",
      from: { path: "^(web|worker|shared)/" },
      // Lazy imports and types do not run at load time, so they close no cycle that matters.
      to: {
        circular: true,
        dependencyTypesNot: ["dynamic-import", "type-only"],
        viaOnly: { dependencyTypesNot: ["dynamic-import", "type-only"] },
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)(node_modules|dist[^/]*)/", HUB_HOST_LEFT_OUT_FOR_NOW] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};

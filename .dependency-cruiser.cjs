// Import directions, checked by `npm run lint:imports` (part of `npm run lint` and `npm test`).
// Why dependency-cruiser rather than a lint rule on import strings: it resolves every import to
// the file it names, so a rule is about folders, not about how many "../" a path happens to have
// (docs/decisions/110-import-directions-checked-dependency-cruiser.md).

/**
 * The modules of each worker capability that the others may import: its exported surface. Every
 * folder of worker/ but db/ and http/ (infrastructure, below all of them) and hub-host/ (the
 * composition above them) is a capability here; hub/ is what capabilities call of the person's
 * Durable Object (its client, the contract of its parts, its schedule), and imports none of them.
 */
const WORKER_SURFACE = [
  "analytics/(recorder|focus-hours|user-data|change-subscriber)",
  "auth/(middleware|session-read|begin-change|sessions|tokens|cookies|password|throttle|users|person-row|sign-in-records)",
  "day/(plan|finish-day|user-data|plan-reminder|daily-push|day-state)",
  "day-close/close-reminder",
  "focus/(user-data|focus-timer)",
  "hub/(hub-client|hub-part|storage-keys|schedule)",
  "push/(send|timer-notice|user-data)",
  "routines/(user-data|rule-columns)",
  "suggestions/user-data",
  "tasks/user-data",
];
const CAPABILITY = "^worker/(account|analytics|auth|day|day-close|focus|hub|push|routines|suggestions|tasks)/";
/** The parts of the person's hub: they run inside it (worker/hub-host/user-hub.ts hosts them). */
const HUB_PARTS =
  "^worker/(focus/focus-timer|day/daily-push|day/plan-reminder|day-close/close-reminder|auth/sign-in-records)\\.ts$";

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
        "The focus timer, the pushes at a wall time (the daily-push part and its entries: the morning nudge, the evening close) and sign-in's records are parts of the person's hub: the hub's host hosts them from one list (worker/hub-host/hub-parts.ts, docs/decisions/380-the-hub-hosts-parts.md), and every other module reaches them through worker/hub/hub-client.ts (types aside; an entry names the daily-push part's spec type).",
      severity: "error",
      from: { path: "^worker/", pathNot: "^worker/hub-host/" },
      to: { path: HUB_PARTS, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "hub-host-is-above-the-capabilities",
      comment:
        "worker/hub-host/ composes the person's hub (its host, the live routes, the day start's subscribers) from the capabilities; none of them, nor the infrastructure or the hub's client, imports it (docs/decisions/260-hub-host-above-capabilities.md).",
      severity: "error",
      from: { path: "^worker/[^/]+/", pathNot: "^worker/hub-host/" },
      to: { path: "^worker/hub-host/" },
    },
    {
      name: "hub-client-is-below-the-capabilities",
      comment:
        "worker/hub/ is what capabilities call of the person's hub (the client, the parts' contract, the schedule): it imports no capability, so no capability and the hub import each other (docs/decisions/260-hub-host-above-capabilities.md).",
      severity: "error",
      from: { path: "^worker/hub/" },
      to: { path: CAPABILITY, pathNot: "^worker/hub/" },
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
        "worker/changes runs every capability's changes, so it sits below them: it imports only the hub's client and the contract of its parts, whose news it sends (docs/decisions/250-one-home-for-a-change.md, docs/decisions/254-the-hub-told-by-the-pipeline.md, docs/decisions/381-one-message-from-a-change-to-the-hub.md); the session check that begins a request's change is sign-in's (worker/auth/begin-change.ts). What capabilities add to a change is wired at the top (worker/change-subscribers.ts).",
      severity: "error",
      from: { path: "^worker/changes/" },
      to: { path: CAPABILITY, pathNot: "^worker/hub/(hub-client|hub-part)\\.ts$" },
    },
    {
      name: "routes-reach-the-hub-and-analytics-through-the-pipeline",
      comment:
        "A route tells the person's hub and writes the daily counters only through the change pipeline: the hub is told what the change's events say (worker/changes/), the counters are the analytics subscriber's (worker/change-subscribers.ts), the focus timer's commands go through worker/focus/timer-client.ts (docs/decisions/254-the-hub-told-by-the-pipeline.md).",
      severity: "error",
      from: {
        path: ["^worker/[^/]+/routes\\.ts$", "^worker/[^/]+/[^/]+-routes\\.ts$", "^worker/[^/]+/login-flow\\.ts$"],
        // The live routes are the hub's own door (they open its sockets), part of its host.
        pathNot: "^worker/hub-host/",
      },
      to: { path: "^worker/(hub/hub-client|analytics/recorder)\\.ts$" },
    },
    {
      name: "today-is-below-the-capabilities",
      comment:
        "worker/today is what a person's today is and the step that begins it (the day-start door, named in a route's chain after requireUser): the session check runs it, so it imports no capability, only the change pipeline, the infrastructure and the hub's contract (docs/decisions/404-the-day-begun-by-a-named-door.md).",
      severity: "error",
      from: { path: "^worker/today/" },
      to: { path: CAPABILITY, pathNot: "^worker/hub/(hub-client|hub-part)\\.ts$" },
    },
    {
      name: "no-folder-cycles-in-worker",
      comment:
        "Folders of worker/ form layers: no folder may import, through any chain of folders, one that imports it back (docs/decisions/253-no-folder-cycles-in-the-worker.md). Shared row models go down to worker/db; what composes capabilities (the app, the change subscribers) goes up to the files at the top of worker/. The hub's host sits above the capabilities it hosts (worker/hub-host/), its client below them (worker/hub/): docs/decisions/260-hub-host-above-capabilities.md.",
      severity: "error",
      scope: "folder",
      from: { path: "^worker/" },
      to: { circular: true },
    },
    {
      name: "no-cycles-in-worker",
      comment:
        "No module of worker/ imports, through any chain, one that imports it back: type-only and lazy imports included, so a type closes no cycle either (the request's context type imports nothing of the pipeline: docs/decisions/387-one-door-per-job.md).",
      severity: "error",
      from: { path: "^worker/" },
      to: { circular: true },
    },
    {
      name: "no-cycles-in-web-api",
      comment:
        "No module of web/api imports, through any chain, one that imports it back: lazy and type-only imports included, so the outbox and the change it sends are layers, not a loop (docs/decisions/405-no-cycle-in-web-api.md).",
      severity: "error",
      from: { path: "^web/api/" },
      to: { circular: true },
    },
    {
      name: "no-circular",
      comment: "A cycle of static imports makes load order matter and the layers meaningless.",
      severity: "error",
      from: { path: "^(web|shared)/" },
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
    exclude: { path: "(^|/)(node_modules|dist[^/]*)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};

// Load benchmark (not a test): many users at once on a mixed workload against the built app, then a
// check that every write the server acknowledged is really there.
//
//   node bench/load.mjs              builds the app, serves it on LOAD_PORT (default 8796), runs
//   LOAD_USERS=10 LOAD_SECONDS=15 node bench/load.mjs           a shorter run
//   BENCH_URL=http://127.0.0.1:8787 node bench/load.mjs         against an app that is already running
//
// Each simulated user signs up, then loops until the time is up, one request at a time (no think
// time): braindump (POST /api/process-tasks), list (GET /api/tasks), patch (PATCH /api/tasks/{id}),
// the focus timer (start, pause, resume, end) and analytics (GET /api/analytics/today). Any non-2xx
// answer or network failure is an error. Afterwards every acknowledged write is looked up: each
// created task with the category of its last acknowledged patch, each started focus session, each
// ended one completed, and the day's created-task counter.
import { pathToFileURL } from "node:url";
import { startServer } from "./server.mjs";

const CATEGORIES = ["urgent", "later", "delegate", "no_list"];

/** The value below which `share` of the sorted values lie (nearest rank). */
function percentile(sorted, share) {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank];
}

/** One HTTP client for the whole run: counts requests, errors and latencies of the measured phase. */
function createClient(baseUrl) {
  const stats = { requests: 0, errors: 0, latencies: [], errorSamples: [] };
  let measuring = false;
  async function call(method, path, { token, json, ip } = {}) {
    const headers = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (json !== undefined) headers["Content-Type"] = "application/json";
    // The auth routes limit requests per client address: each simulated user has its own.
    if (ip) headers["CF-Connecting-IP"] = ip;
    const started = performance.now();
    let status = 0;
    let text = "";
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      text = String(err);
    }
    const ms = performance.now() - started;
    const ok = status >= 200 && status < 300;
    if (measuring) {
      stats.requests += 1;
      stats.latencies.push(ms);
      if (!ok) {
        stats.errors += 1;
        if (stats.errorSamples.length < 10)
          stats.errorSamples.push(`${method} ${path}: ${status} ${text.slice(0, 160)}`);
      }
    }
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { ok, status, body };
  }
  return {
    call,
    stats,
    measure: (on) => {
      measuring = on;
    },
  };
}

/** The state one simulated user expects the server to hold: only acknowledged writes go in. */
function createUser(index) {
  return {
    index,
    ip: `10.77.${index >> 8}.${index & 255}`,
    token: "",
    tasks: new Map(), // id -> { title, category }
    createdCount: 0,
    sessionsStarted: new Set(),
    sessionsEnded: new Set(),
    timer: "idle", // idle | running | paused
    dumps: 0,
  };
}

async function signUp(client, user, runId) {
  const name = `load${runId}u${user.index}`;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const res = await client.call("POST", "/api/auth/register", {
      ip: user.ip,
      json: { username: name, email: `${name}@example.com`, password: "correct horse battery" },
    });
    if (res.status === 201) {
      user.token = res.body.token;
      return;
    }
    if (res.status !== 429) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error("sign-up kept being throttled");
}

const pick = (items) => items[Math.floor(Math.random() * items.length)];

async function braindump(client, user) {
  user.dumps += 1;
  const text = [1, 2, 3].map((n) => `Load task u${user.index} d${user.dumps} n${n}`).join("; ");
  const res = await client.call("POST", "/api/process-tasks", {
    token: user.token,
    json: { text, allowDuplicates: true },
  });
  if (!res.ok || !Array.isArray(res.body)) return;
  for (const task of res.body) user.tasks.set(task.id, { title: task.title, category: task.category ?? "later" });
  user.createdCount += res.body.length;
}

async function patch(client, user) {
  const ids = [...user.tasks.keys()];
  if (ids.length === 0) return braindump(client, user);
  const id = pick(ids);
  const category = pick(CATEGORIES);
  const res = await client.call("PATCH", `/api/tasks/${id}`, { token: user.token, json: { category } });
  const task = user.tasks.get(id);
  if (res.ok && task) task.category = category;
}

/** Start → pause → resume → end, one step per turn, so every step is a request that must succeed. */
async function timerStep(client, user) {
  if (user.timer === "idle") {
    const open = [...user.tasks].filter(([, task]) => task.category !== "no_list").map(([id]) => id);
    if (open.length === 0) return braindump(client, user);
    const res = await client.call("POST", "/api/focus-sessions", {
      token: user.token,
      json: { taskId: pick(open), duration: 1500, isCompleted: false },
    });
    if (res.ok) {
      user.sessionsStarted.add(res.body.id);
      user.current = res.body.id;
      user.timer = "running";
    }
    return;
  }
  if (user.timer === "running") {
    const res = await client.call("POST", "/api/timer/pause", { token: user.token, json: {} });
    if (res.ok) user.timer = "paused";
    else user.timer = "unknown";
    return;
  }
  if (user.timer === "paused" && Math.random() < 0.5) {
    const res = await client.call("POST", "/api/timer/resume", { token: user.token, json: {} });
    user.timer = res.ok ? "running" : "unknown";
    return;
  }
  const res = await client.call("POST", "/api/timer/end", { token: user.token, json: {} });
  if (res.ok) {
    user.sessionsEnded.add(user.current);
    user.timer = "idle";
  } else {
    user.timer = "unknown";
  }
}

async function work(client, user) {
  if (user.timer === "unknown") {
    // After a failed timer call, read the state back instead of guessing.
    const res = await client.call("GET", "/api/timer", { token: user.token });
    const status = res.body?.state?.status;
    user.timer = status === "running" || status === "paused" ? status : "idle";
    return;
  }
  const roll = Math.random();
  if (roll < 0.2) return braindump(client, user);
  if (roll < 0.45) return client.call("GET", "/api/tasks", { token: user.token });
  if (roll < 0.65) return patch(client, user);
  if (roll < 0.85) return timerStep(client, user);
  return client.call("GET", "/api/analytics/today", { token: user.token });
}

/** Every acknowledged write of this user, looked up after the run: answers the list of what is missing. */
async function lostWritesOf(client, user, sameDay) {
  const lost = [];
  const tasksRes = await client.call("GET", "/api/tasks", { token: user.token });
  const byId = new Map((tasksRes.body ?? []).map((task) => [task.id, task]));
  for (const [id, expected] of user.tasks) {
    const task = byId.get(id);
    if (!task) lost.push(`user ${user.index}: task ${id} missing`);
    else if (task.title !== expected.title || (task.category ?? "later") !== expected.category)
      lost.push(`user ${user.index}: task ${id} is ${task.category}/${task.title}, expected ${expected.category}`);
  }
  const sessionsRes = await client.call("GET", "/api/focus-sessions", { token: user.token });
  const sessions = new Map((sessionsRes.body ?? []).map((s) => [s.id, s]));
  for (const id of user.sessionsStarted) {
    const session = sessions.get(id);
    if (!session) lost.push(`user ${user.index}: focus session ${id} missing`);
    else if (user.sessionsEnded.has(id) && !session.isCompleted)
      lost.push(`user ${user.index}: focus session ${id} ended but not completed`);
  }
  if (sameDay) {
    const today = await client.call("GET", "/api/analytics/today", { token: user.token });
    const created = today.body?.totalTasksCreated;
    if (created !== user.createdCount)
      lost.push(`user ${user.index}: ${created} tasks counted as created today, ${user.createdCount} acknowledged`);
  }
  return lost;
}

/**
 * Runs the load and the check. Pass `baseUrl` to load a running app; otherwise one is built and
 * served on `port` for the run. Answers { requests, errors, lostWrites, p50, p99 } (latencies in ms).
 */
export async function runLoadBench({
  baseUrl = process.env.BENCH_URL,
  port = Number(process.env.LOAD_PORT ?? 8796),
  users: userCount = Number(process.env.LOAD_USERS ?? 50),
  seconds = Number(process.env.LOAD_SECONDS ?? 60),
  log = console.log,
} = {}) {
  const server = baseUrl ? { baseUrl, stop: () => {} } : await startServer({ port, direct: true, log });
  try {
    const client = createClient(server.baseUrl);
    const runId = Date.now().toString(36);
    const users = Array.from({ length: userCount }, (_, i) => createUser(i));
    log(`Load: ${userCount} users × ${seconds} s against ${server.baseUrl} ...`);
    for (const user of users) await signUp(client, user, runId);
    const dayAtStart = new Date().toISOString().slice(0, 10);

    client.measure(true);
    const deadline = Date.now() + seconds * 1000;
    await Promise.all(
      users.map(async (user) => {
        while (Date.now() < deadline) await work(client, user);
      }),
    );
    client.measure(false);

    const sameDay = new Date().toISOString().slice(0, 10) === dayAtStart;
    const lost = (await Promise.all(users.map((user) => lostWritesOf(client, user, sameDay)))).flat();
    const sorted = [...client.stats.latencies].sort((a, b) => a - b);
    const result = {
      requests: client.stats.requests,
      errors: client.stats.errors,
      lostWrites: lost.length,
      p50: Math.round(percentile(sorted, 0.5) * 10) / 10,
      p99: Math.round(percentile(sorted, 0.99) * 10) / 10,
    };
    for (const line of client.stats.errorSamples) log(`  error: ${line}`);
    for (const line of lost.slice(0, 10)) log(`  lost: ${line}`);
    return result;
  } finally {
    server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runLoadBench()
    .then((r) => {
      console.log(`requests     ${r.requests}`);
      console.log(`errors       ${r.errors}`);
      console.log(`lost writes  ${r.lostWrites}`);
      console.log(`latency p50  ${r.p50} ms`);
      console.log(`latency p99  ${r.p99} ms`);
      process.exitCode = r.errors === 0 && r.lostWrites === 0 ? 0 : 1;
    })
    .catch((err) => {
      console.error(err);
      process.exitCode = 2;
    });
}

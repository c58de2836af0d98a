// Live-sync benchmark (not a test): how fast a timer change reaches the user's other devices.
//
//   1. Fan-out latency: one client changes the timer over HTTP (pause/resume); we time from the
//      start of that call to the frame's arrival on a second client's WebSocket. p50 and p95.
//   2. Alarm delay: a real one-minute session (the shortest the API allows) runs out with no HTTP
//      call in flight; we time from its end instant to the "finished" frame on the socket.
//
// Usage: `node bench/live.mjs` builds and serves the app on a loopback port of its own (the e2e
// server, fresh database), or set BENCH_URL=http://127.0.0.1:8787 to use a running one. Set
// BENCH_SKIP_ALARM=1 to skip the one-minute part. Needs Node 22+ (global fetch and WebSocket).
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

export const TARGETS = { fanoutP95Ms: 50, alarmDelayMs: 1000 };
const ROUNDS = 60;
const WARMUP = 5;

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

async function call(baseUrl, method, path, token, body) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

/** A socket on GET /api/live whose frames can be awaited by predicate. */
async function openSocket(baseUrl, token) {
  const { ticket } = await call(baseUrl, "POST", "/api/live/ticket", token);
  const url = new URL("/api/live", baseUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  // Node's WebSocket (undici) takes extra headers here; the server checks the Origin. The ticket
  // goes beside the live protocol (LIVE_PROTOCOL in shared/live-protocol.ts), as the web app sends it.
  const ws = new WebSocket(url, {
    protocols: ["onething-live", ticket],
    headers: { Origin: new URL(baseUrl).origin },
  });
  const waiters = new Set();
  ws.addEventListener("message", (event) => {
    const at = performance.now();
    let frame;
    try {
      frame = JSON.parse(String(event.data));
    } catch {
      return;
    }
    for (const waiter of waiters) {
      if (waiter.match(frame)) {
        waiters.delete(waiter);
        waiter.resolve({ frame, at, wall: Date.now() });
      }
    }
  });
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", () => reject(new Error("WebSocket failed to open")), { once: true });
  });
  return {
    ws,
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error("timed out waiting for a frame"));
        }, timeoutMs);
      });
    },
  };
}

/** Runs the benchmark against a served app and answers the rows of the result table. */
export async function runLiveBench({ baseUrl, skipAlarm = false, log = console.log } = {}) {
  const name = `bench${Date.now().toString(36)}`;
  const { token } = await call(baseUrl, "POST", "/api/auth/register", undefined, {
    username: name,
    email: `${name}@example.com`,
    password: "correct horse battery",
  });
  const task = await call(baseUrl, "POST", "/api/tasks", token, { title: "Benchmark focus" });
  const other = await openSocket(baseUrl, token);

  // 1. Fan-out latency.
  await call(baseUrl, "POST", "/api/focus-sessions", token, { taskId: task.id, duration: 7200, isCompleted: false });
  const samples = [];
  for (let i = 0; i < ROUNDS + WARMUP; i++) {
    const action = i % 2 === 0 ? "pause" : "resume";
    const status = action === "pause" ? "paused" : "running";
    const t0 = performance.now();
    const arrival = other.next((f) => f.type === "timer" && f.state.status === status);
    const answer = await call(baseUrl, "POST", `/api/timer/${action}`, token);
    const { frame, at } = await arrival;
    if (frame.state.version !== answer.state.version) throw new Error("the socket saw another change");
    if (i >= WARMUP) samples.push(at - t0);
  }
  samples.sort((a, b) => a - b);
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);
  await call(baseUrl, "POST", "/api/timer/reset", token);

  const rows = [
    { metric: "fan-out p50 (HTTP change → other socket)", measured: p50, target: null, pass: null },
    {
      metric: "fan-out p95 (HTTP change → other socket)",
      measured: p95,
      target: TARGETS.fanoutP95Ms,
      pass: p95 <= TARGETS.fanoutP95Ms,
    },
  ];

  // 2. Alarm delay: nothing but the Durable Object's alarm ends this run.
  if (!skipAlarm) {
    log("Waiting for a one-minute session to run out (about 60 s)...");
    const started = await call(baseUrl, "POST", "/api/focus-sessions", token, {
      taskId: task.id,
      duration: 60,
      isCompleted: false,
    });
    const endsAt = started.timer.state.startedAt + started.timer.state.durationMs;
    // The server and this script share the machine's clock on loopback, so instants compare directly.
    const { wall } = await other.next((f) => f.type === "timer" && f.state.status === "finished", 90_000);
    const delay = wall - endsAt;
    rows.push({
      metric: "alarm: end instant → finished frame",
      measured: delay,
      target: TARGETS.alarmDelayMs,
      pass: delay <= TARGETS.alarmDelayMs,
    });
  }
  other.ws.close();
  return rows;
}

export function printTable(rows, log = console.log) {
  const fmt = (ms) => (ms === null ? "—" : `${ms.toFixed(1)} ms`);
  const header = ["metric", "measured", "target", "result"];
  const lines = rows.map((r) => [
    r.metric,
    fmt(r.measured),
    r.target === null ? "—" : `≤ ${r.target} ms`,
    r.pass === null ? "—" : r.pass ? "pass" : "FAIL",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  log(row(header));
  log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const l of lines) log(row(l));
}

/** Starts the e2e server (fresh build and database) on `port`; resolves once it answers. */
async function serve(port) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const child = spawn("node", ["scripts/serve-e2e.mjs"], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error("the server exited");
    if (Date.now() > deadline) throw new Error("the server did not start in time");
    await sleep(500);
  }
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  return { baseUrl, stop };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const server = process.env.BENCH_URL
    ? { baseUrl: process.env.BENCH_URL, stop() {} }
    : await serve(Number(process.env.BENCH_PORT ?? 8799));
  try {
    const rows = await runLiveBench({ baseUrl: server.baseUrl, skipAlarm: process.env.BENCH_SKIP_ALARM === "1" });
    printTable(rows);
    process.exitCode = rows.every((r) => r.pass !== false) ? 0 : 1;
  } finally {
    server.stop();
  }
}

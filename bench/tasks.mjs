// Benchmark of the task endpoints (not a test): prints measured figures against their targets.
//
//   node bench/tasks.mjs            builds the app, serves it on BENCH_PORT (default 8795), measures
//   BENCH_URL=http://127.0.0.1:8787 node bench/tasks.mjs    measures an app that is already running
//
// 1. POST /api/process-tasks with 500 lines vs POST /api/tasks with one task: median latency ratio
//    (target ≤ 3×: the braindump is one statement whatever its size).
// 2. GET /api/tasks returning 1,000 tasks vs GET /api/health under the same load (autocannon):
//    p99 latency ratio (target ≤ 2×). Every answer counted there is a full 200 with the 1,000 tasks.
//    Reference rows follow: the same p99 ratio from short alternating rounds of the two loads (both
//    then see about the same machine load); the same load revalidating with the list's ETag
//    (If-None-Match, every answer a 304: a browser's refetch on focus); a read right after a write
//    (the per-isolate body cache holds an older version, so the rows are read and serialised
//    again), one at a time, median against health.
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { registerAccount } from "./account.mjs";
import { startServer } from "./server.mjs";

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function call(baseUrl, method, path, { token, json } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) headers["Content-Type"] = "application/json";
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${body.slice(0, 200)}`);
  return { ms, body };
}

const lines = (count, prefix) => Array.from({ length: count }, (_, i) => `${prefix} task ${i + 1}`).join("\n");

async function braindumpVsSingle(baseUrl, rounds) {
  const { token } = await registerAccount(baseUrl);
  const dump = (i) => call(baseUrl, "POST", "/api/process-tasks", { token, json: { text: lines(500, `r${i}`) } });
  const single = (i) => call(baseUrl, "POST", "/api/tasks", { token, json: { title: `single ${i}` } });
  const clear = () => call(baseUrl, "POST", "/api/tasks/clear", { token });
  for (let i = 0; i < 3; i += 1) {
    await dump(`warm${i}`);
    await single(`warm${i}`);
    await clear();
  }
  const dumpMs = [];
  const singleMs = [];
  for (let i = 0; i < rounds; i += 1) {
    // Same starting point for both: an empty list, so the duplicate check reads the same rows.
    singleMs.push((await single(i)).ms);
    await clear();
    dumpMs.push((await dump(i)).ms);
    await clear();
  }
  return { dump: median(dumpMs), single: median(singleMs) };
}

/** An autocannon run; with `times`, every answer's latency (ms) is added to it. */
function load(url, headers, seconds, connections, times) {
  return new Promise((resolve, reject) => {
    const run = autocannon({ url, headers, duration: seconds, connections }, (err, result) => {
      if (err) reject(err);
      else resolve(result);
    });
    if (times) run.on("response", (_client, _status, _bytes, ms) => times.push(ms));
  });
}

/** The p-th percentile (0–1) of latencies, nearest rank. */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

async function listVsHealth(baseUrl, seconds, connections) {
  const { token } = await registerAccount(baseUrl);
  await call(baseUrl, "POST", "/api/process-tasks", { token, json: { text: lines(1000, "listed") } });
  const { body } = await call(baseUrl, "GET", "/api/tasks", { token });
  const count = JSON.parse(body).length;
  if (count !== 1000) throw new Error(`expected 1000 tasks, got ${count}`);
  // A short warm-up of both, then the measured runs.
  await load(`${baseUrl}/api/health`, {}, 2, connections);
  await load(`${baseUrl}/api/tasks`, { Authorization: `Bearer ${token}` }, 2, connections);
  const health = await load(`${baseUrl}/api/health`, {}, seconds, connections);
  const tasks = await load(`${baseUrl}/api/tasks`, { Authorization: `Bearer ${token}` }, seconds, connections);
  for (const [name, result] of [
    ["health", health],
    ["tasks", tasks],
  ]) {
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
    }
  }
  // The same two loads in short alternating rounds, so that both see about the same machine load
  // (a reference: on a shared machine the one-window figures above drift with the other jobs).
  // Every answer's latency of those rounds is also pooled per endpoint: one p99 each, both taken
  // over the same stretch of time.
  const interleaved = [];
  const pooled = { health: [], tasks: [] };
  for (let round = 0; round < 7; round += 1) {
    const h = await load(`${baseUrl}/api/health`, {}, 2, connections, pooled.health);
    const t = await load(`${baseUrl}/api/tasks`, { Authorization: `Bearer ${token}` }, 2, connections, pooled.tasks);
    if (t.non2xx > 0 || t.errors > 0 || h.non2xx > 0 || h.errors > 0)
      throw new Error("errors in the interleaved rounds");
    interleaved.push(t.latency.p99 / h.latency.p99);
  }
  // Revalidation with the current tag: every answer must be a 304 (no body).
  const etag = (await fetch(`${baseUrl}/api/tasks`, { headers: { Authorization: `Bearer ${token}` } })).headers.get(
    "ETag",
  );
  if (!etag) throw new Error("GET /api/tasks answered no ETag");
  const revalidate = await load(
    `${baseUrl}/api/tasks`,
    { Authorization: `Bearer ${token}`, "If-None-Match": etag },
    seconds,
    connections,
  );
  if (revalidate.errors > 0 || revalidate["3xx"] !== revalidate.requests.total) {
    throw new Error(`revalidation: ${revalidate["3xx"]} of ${revalidate.requests.total} answers were 304`);
  }
  return {
    health: health.latency,
    tasks: tasks.latency,
    revalidate: revalidate.latency,
    interleaved: interleaved.sort((a, b) => a - b),
    pooled: { health: percentile(pooled.health, 0.99), tasks: percentile(pooled.tasks, 0.99) },
    healthRps: health.requests.average,
    tasksRps: tasks.requests.average,
    afterWrite: await readAfterWrite(baseUrl, token, 30),
  };
}

/** Median GET /api/tasks right after a change of one task (the cached body is stale) vs GET /api/health. */
async function readAfterWrite(baseUrl, token, rounds) {
  const [first] = JSON.parse((await call(baseUrl, "GET", "/api/tasks", { token })).body);
  const listMs = [];
  const healthMs = [];
  for (let i = 0; i < rounds; i += 1) {
    await call(baseUrl, "PATCH", `/api/tasks/${first.id}`, { token, json: { title: `listed task 1 (${i})` } });
    listMs.push((await call(baseUrl, "GET", "/api/tasks", { token })).ms);
    healthMs.push((await call(baseUrl, "GET", "/api/health")).ms);
  }
  return { list: median(listMs), health: median(healthMs) };
}

/**
 * Runs both measurements. Pass `baseUrl` to measure a running app; otherwise one is built and
 * served on `port` for the run. Answers the rows of the table (measured, target, pass).
 */
export async function runTasksBench({
  baseUrl = process.env.BENCH_URL,
  port = Number(process.env.BENCH_PORT ?? 8795),
  rounds = 15,
  seconds = 10,
  connections = 20,
  log = console.log,
} = {}) {
  const server = baseUrl ? { baseUrl, stop: () => {} } : await startServer({ port, log });
  try {
    log(`Measuring ${server.baseUrl} ...`);
    const write = await braindumpVsSingle(server.baseUrl, rounds);
    const read = await listVsHealth(server.baseUrl, seconds, connections);
    const writeRatio = write.dump / write.single;
    const p50Ratio = read.tasks.p50 / read.health.p50;
    const p99Ratio = read.tasks.p99 / read.health.p99;
    const revalidateRatio = read.revalidate.p99 / read.health.p99;
    const afterWriteRatio = read.afterWrite.list / read.afterWrite.health;
    return [
      {
        name: "process-tasks 500 lines / one POST /api/tasks (median)",
        measured: `${writeRatio.toFixed(2)}× (${write.dump.toFixed(1)} ms / ${write.single.toFixed(1)} ms)`,
        target: "≤ 3×",
        pass: writeRatio <= 3,
      },
      {
        name: `GET /api/tasks (1,000 tasks) / GET /api/health, p99, ${connections} connections`,
        measured: `${p99Ratio.toFixed(2)}× (${read.tasks.p99} ms / ${read.health.p99} ms)`,
        target: "≤ 2×",
        pass: p99Ratio <= 2,
      },
      {
        name: "  same, p50 (for reference)",
        measured: `${p50Ratio.toFixed(2)}× (${read.tasks.p50} ms / ${read.health.p50} ms)`,
        target: "-",
        pass: null,
      },
      {
        name: "  throughput tasks / health (requests per second)",
        measured: `${read.tasksRps.toFixed(0)} / ${read.healthRps.toFixed(0)}`,
        target: "-",
        pass: null,
      },
      {
        name: "  same p99 ratio, 7 alternating 2-s rounds: median (min–max)",
        measured: `${median(read.interleaved).toFixed(2)}× (${read.interleaved[0].toFixed(2)}–${read.interleaved.at(-1).toFixed(2)})`,
        target: "-",
        pass: null,
      },
      {
        name: "  same rounds, p99 of all their answers pooled per endpoint",
        measured: `${(read.pooled.tasks / read.pooled.health).toFixed(2)}× (${read.pooled.tasks.toFixed(0)} ms / ${read.pooled.health.toFixed(0)} ms)`,
        target: "-",
        pass: null,
      },
      {
        name: "  revalidation with the ETag (all 304) / health, p99",
        measured: `${revalidateRatio.toFixed(2)}× (${read.revalidate.p99} ms / ${read.health.p99} ms)`,
        target: "-",
        pass: null,
      },
      {
        name: "  GET /api/tasks right after a write / health, median, 1 at a time",
        measured: `${afterWriteRatio.toFixed(2)}× (${read.afterWrite.list.toFixed(1)} ms / ${read.afterWrite.health.toFixed(1)} ms)`,
        target: "-",
        pass: null,
      },
    ];
  } finally {
    server.stop();
  }
}

export function printTable(rows, log = console.log) {
  const widths = [
    Math.max(...rows.map((r) => r.name.length), 6),
    Math.max(...rows.map((r) => r.measured.length), 8),
    Math.max(...rows.map((r) => r.target.length), 6),
  ];
  const line = (cells) => cells.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell)).join("  ");
  log(line(["Figure", "Measured", "Target", "Result"]));
  log(line(widths.map((w) => "-".repeat(w)).concat("------")));
  for (const row of rows)
    log(line([row.name, row.measured, row.target, row.pass === null ? "" : row.pass ? "pass" : "FAIL"]));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runTasksBench()
    .then((rows) => {
      printTable(rows);
      process.exitCode = rows.every((row) => row.pass !== false) ? 0 : 1;
    })
    .catch((err) => {
      console.error(err);
      process.exitCode = 2;
    });
}

/**
 * REST benchmarks (issue: key-value REST, "Benchmark"): loopback HTTP/1.1, 50 keep-alive
 * connections, three request shapes — GET in path form (`/get/key`), SET in body form
 * (`["SET","k","v"]` at `/`) and a 100-command `/pipeline` — against:
 *
 * - the embedded engine;
 * - the Redis proxy over a local redis-server, as one process and with `--workers 2`;
 * - a bare `node:http` server that reads the body and returns a fixed JSON body (Node's ceiling),
 *   as one process and as two cluster workers (the ceiling of the proxy's `--workers 2`);
 * - webdis, Debian's C HTTP gateway for Redis, over the same redis-server (skipped when missing).
 *
 * Every server runs in its own process; the load comes from wrk (Debian's `wrk`, C, one thread),
 * so the load generator takes as little of the two cores as possible and the same for every target.
 * Each round also reads the server's CPU time (its process and workers, from /proc on Linux), and
 * for the proxy and webdis the shared redis-server's: CPU a request barely moves when other work
 * shares the machine, where requests/s does.
 * Targets: embedded ≥ 0.9× node:http, proxy with workers ≥ 0.9× node:http with as many workers
 * (issue 21 restated it so: webdis is C, and Node's own ceiling is what the proxy can approach),
 * `/pipeline` ≥ 300k commands/s. Without wrk the benchmark prints a note and measures nothing.
 *
 * `BENCH_REST_ROUND_MS` and `BENCH_REST_ROUNDS` shorten a trial run; the last stdout line is
 * `{ "markdown": … }` for scripts/bench.mjs.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, RedisServer } from "../test/support/redis-server.ts";
import { processTreeCpuMs } from "./process-cpu.ts";
import { type HttpRequest, runWrk, type WrkRound } from "./wrk.ts";

const CONNECTIONS = Number(process.env["BENCH_REST_CONNECTIONS"] ?? 50);
const ROUND_MS = Number(process.env["BENCH_REST_ROUND_MS"] ?? 3000);
const ROUNDS = Number(process.env["BENCH_REST_ROUNDS"] ?? 5);
/**
 * A fresh server needs about two seconds of load before its rate settles (JIT, the proxy's
 * connection pool; each `--workers` process on its own), measured here on a loaded machine.
 */
const WARM_UP_MS = Math.min(2000, ROUND_MS);
const PIPELINE_COMMANDS = 100;
/** webdis serves the same redis-server with the threads of Debian's default configuration. */
const WEBDIS_THREADS = 2;
const TOKEN = "bench-token";
const KEY = "bench:key";
const VALUE = "bench-value";

function httpRequest(method: string, path: string, body?: string): HttpRequest {
  return body === undefined ? { method, path } : { method, path, body };
}

/** One wrk run: one thread, `CONNECTIONS` keep-alive connections, for `durationMs`. */
function load(port: number, request: HttpRequest, durationMs: number): Promise<WrkRound> {
  return runWrk({ port, request, connections: CONNECTIONS, durationMs, token: TOKEN, scratch });
}

interface Measurement {
  /** The median round's rate. */
  readonly requestsPerSecond: number;
  /** The median round's percentiles. */
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** The median round's server CPU a request (µs), process and workers; undefined without /proc. */
  readonly cpuUsPerRequest: number | undefined;
  /** The same for the redis-server behind the proxy or webdis. */
  readonly backendCpuUsPerRequest: number | undefined;
}

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** A server under test and the request it gets for each shape it serves. */
interface Target {
  readonly name: string;
  readonly port: number;
  readonly requests: Partial<Record<Shape, HttpRequest>>;
  /** The server's process (for `--workers` and cluster, the primary: its workers are children). */
  readonly pid: number | undefined;
  /** The redis-server it forwards to, if any. */
  readonly backendPid?: number | undefined;
}

/** A wrk round with the CPU the target (and its Redis) spent a request in it. */
interface Round extends WrkRound {
  readonly cpuUsPerRequest: number | undefined;
  readonly backendCpuUsPerRequest: number | undefined;
}

/** CPU ms of `pid` so far, or undefined when there is no pid or /proc. */
const cpuMs = (pid: number | undefined): number | undefined =>
  pid === undefined ? undefined : processTreeCpuMs(pid);

/** µs a request between two CPU readings. */
function perRequest(
  before: number | undefined,
  after: number | undefined,
  requests: number,
): number | undefined {
  return before === undefined || after === undefined || requests === 0
    ? undefined
    : ((after - before) * 1000) / requests;
}

/** One measured round against `target`, with its CPU a request. */
async function measureRound(target: Target, shape: Shape): Promise<Round> {
  const before = cpuMs(target.pid);
  const backendBefore = cpuMs(target.backendPid);
  const round = await load(target.port, target.requests[shape] as HttpRequest, ROUND_MS);
  return {
    ...round,
    cpuUsPerRequest: perRequest(before, cpuMs(target.pid), round.requests),
    backendCpuUsPerRequest: perRequest(backendBefore, cpuMs(target.backendPid), round.requests),
  };
}

/** The median of the defined values, or undefined when there are none. */
function medianOfDefined(values: readonly (number | undefined)[]): number | undefined {
  const defined = values.filter((value): value is number => value !== undefined);
  return defined.length === 0 ? undefined : median(defined);
}

/**
 * Every target of a shape in turn, round after round, after a warm-up each: the machine is shared
 * and its speed drifts, so interleaved rounds put the drift into every target alike and the ratios
 * stay fair, where one target measured after another would carry it into the ratio. Each round
 * starts one target further along, so no target always follows the same one (the two-worker
 * baseline leaves both cores busy to the last moment of its round).
 */
async function measureShape(shape: Shape, targets: readonly Target[]): Promise<void> {
  const serving = targets.filter((target) => target.requests[shape] !== undefined);
  const rounds = new Map<Target, Round[]>(serving.map((target) => [target, []]));
  for (const target of serving) {
    process.stderr.write(`rest bench: ${target.name}, ${SHAPE_NAMES[shape]}: warm-up…\n`);
    await load(target.port, target.requests[shape] as HttpRequest, WARM_UP_MS);
  }
  for (let round = 0; round < ROUNDS; round++) {
    process.stderr.write(`rest bench: ${SHAPE_NAMES[shape]}, round ${round + 1} of ${ROUNDS}…\n`);
    for (let turn = 0; turn < serving.length; turn++) {
      const target = serving[(round + turn) % serving.length] as Target;
      rounds.get(target)?.push(await measureRound(target, shape));
    }
  }
  for (const target of serving) {
    const measured = rounds.get(target) ?? [];
    rows.push({
      target: target.name,
      shape,
      result: {
        requestsPerSecond: median(measured.map((each) => each.requestsPerSecond)),
        p50Ms: median(measured.map((each) => each.p50Ms)),
        p99Ms: median(measured.map((each) => each.p99Ms)),
        cpuUsPerRequest: medianOfDefined(measured.map((each) => each.cpuUsPerRequest)),
        backendCpuUsPerRequest: medianOfDefined(
          measured.map((each) => each.backendCpuUsPerRequest),
        ),
      },
    });
  }
}

/** Spawns a server process and resolves with its port once it prints its ready line. */
async function startProcess(
  command: string,
  args: string[],
  readyPort: (line: string) => number | undefined,
): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  let output = "";
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    output += chunk.toString();
    for (const line of output.split("\n")) {
      const port = readyPort(line);
      if (port !== undefined) {
        return { port, child };
      }
    }
  }
  throw new Error(`${command} exited before it was ready`);
}

/** Stops a server and waits for it (and, for `--workers`, its workers) to be gone. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  }
}

const emulatorMain = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const sourceLoader = fileURLToPath(new URL("../test/support/register-ts.mjs", import.meta.url));

function startEmulator(extraArgs: string[]): Promise<{ port: number; child: ChildProcess }> {
  return startProcess(
    process.execPath,
    [
      "--conditions=@stratus/source",
      "--import",
      sourceLoader,
      emulatorMain,
      ...["--port", "0", "--no-resp", "--json", "--token", TOKEN, ...extraArgs],
    ],
    (line) => {
      if (!line.startsWith("{")) {
        return undefined;
      }
      return Number(new URL((JSON.parse(line) as { url: string }).url).port);
    },
  );
}

/**
 * The ceiling: `node:http` reading the request body and returning a fixed JSON body, in one
 * process or, as the ceiling of the proxy's `--workers 2`, in two node:cluster workers on one port.
 */
function startBareNodeHttp(workers: number): Promise<{ port: number; child: ChildProcess }> {
  const script = `
    const cluster = require("node:cluster");
    const http = require("node:http");
    const workers = ${workers};
    if (workers > 1 && cluster.isPrimary) {
      let listening = 0;
      for (let index = 0; index < workers; index++) {
        cluster.fork().on("message", (port) => {
          if (++listening === workers) console.log("port " + port);
        });
      }
      process.on("SIGTERM", () => process.exit(0));
      process.on("exit", () => { for (const worker of Object.values(cluster.workers)) worker.process.kill(); });
    } else {
      const body = Buffer.from(JSON.stringify({ result: "OK" }));
      const headers = { "Content-Type": "application/json", "Content-Length": body.length };
      const server = http.createServer((req, res) => {
        req.on("data", () => {});
        req.on("end", () => {
          res.writeHead(200, headers);
          res.end(body);
        });
      });
      // In a cluster every worker's listen(0) gets the same port, from the primary.
      server.listen(0, "127.0.0.1", () => {
        const { port: bound } = server.address();
        if (workers > 1) process.send(bound); else console.log("port " + bound);
      });
    }`;
  // A file, not `node -e`: cluster workers are forked from the primary's script file.
  const file = join(scratch, `bare-node-http-${workers}.cjs`);
  writeFileSync(file, script);
  return startProcess(process.execPath, [file], (line) =>
    line.startsWith("port ") ? Number(line.slice(5)) : undefined,
  );
}

function isInstalled(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

async function startWebdis(
  redisPort: number,
): Promise<{ port: number; child: ChildProcess; directory: string }> {
  const directory = mkdtempSync(join(tmpdir(), "stratus-webdis-"));
  const port = await freePort();
  const config = join(directory, "webdis.json");
  writeFileSync(
    config,
    JSON.stringify({
      redis_host: "127.0.0.1",
      redis_port: redisPort,
      http_host: "127.0.0.1",
      http_port: port,
      threads: WEBDIS_THREADS,
      pool_size: 10,
      daemonize: false,
      database: 0,
      verbosity: 0,
      logfile: join(directory, "webdis.log"),
    }),
  );
  const child = spawn("webdis", [config], { stdio: "ignore" });
  children.push(child);
  // webdis prints nothing when ready: poll its port.
  for (let attempt = 0; attempt < 100; attempt++) {
    const socket = connect(port, "127.0.0.1");
    const ready = await new Promise<boolean>((resolve) => {
      socket.once("connect", () => resolve(true));
      socket.once("error", () => resolve(false));
    });
    socket.destroy();
    if (ready) {
      return { port, child, directory };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("webdis did not start");
}

/** The three shapes of the issue, in the emulator's forms. */
const emulatorRequests = {
  get: httpRequest("GET", `/get/${KEY}`),
  set: httpRequest("POST", "/", JSON.stringify(["SET", KEY, VALUE])),
  pipeline: httpRequest(
    "POST",
    "/pipeline",
    JSON.stringify(
      Array.from({ length: PIPELINE_COMMANDS }, (_, index) =>
        index % 2 === 0 ? ["SET", `${KEY}:${index}`, VALUE] : ["GET", `${KEY}:${index - 1}`],
      ),
    ),
  ),
};
/** webdis has no JSON body form: its body form is PUT, the body being the last argument. */
const webdisRequests = {
  get: httpRequest("GET", `/GET/${KEY}`),
  set: httpRequest("PUT", `/SET/${KEY}`, VALUE),
};

type Shape = "get" | "set" | "pipeline";
const SHAPE_NAMES: Record<Shape, string> = {
  get: "GET, path form",
  set: "SET, body form",
  pipeline: `/pipeline of ${PIPELINE_COMMANDS}`,
};

interface Row {
  readonly target: string;
  readonly shape: Shape;
  readonly result: Measurement;
}

const children: ChildProcess[] = [];
const rows: Row[] = [];
const notes: string[] = [];

/** Seeds the key the GETs read, so every answer is a hit; a failure stops the run. */
async function seed(port: number): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}/set/${KEY}/${VALUE}`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  if (!response.ok) {
    throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  }
}

const NODE_HTTP = "node:http (fixed body)";
const NODE_HTTP_WORKERS = "node:http (fixed body), 2 workers";
const EMBEDDED = "embedded";
const PROXY = "proxy, 1 process";
const PROXY_WORKERS = "proxy, --workers 2";
const WEBDIS = `webdis (${WEBDIS_THREADS} threads)`;

/** A tool the benchmark needs is missing: reported in the section, not as a failure. */
class MissingTool extends Error {}

let redis: RedisServer | undefined;
let webdisDirectory: string | undefined;
const scratch = mkdtempSync(join(tmpdir(), "stratus-rest-bench-"));
try {
  if (!isInstalled("wrk")) {
    throw new MissingTool(
      "wrk is not installed (Debian: apt-get install wrk): nothing is measured.",
    );
  }
  const targets: Target[] = [];
  const bareRequests = { get: emulatorRequests.get, set: emulatorRequests.set };
  for (const [name, workers] of [
    [NODE_HTTP, 1],
    [NODE_HTTP_WORKERS, 2],
  ] as const) {
    const bare = await startBareNodeHttp(workers);
    targets.push({ name, port: bare.port, requests: bareRequests, pid: bare.child.pid });
  }
  const embedded = await startEmulator(["--in-memory"]);
  await seed(embedded.port);
  targets.push({
    name: EMBEDDED,
    port: embedded.port,
    requests: emulatorRequests,
    pid: embedded.child.pid,
  });
  if (isInstalled("redis-server")) {
    redis = await RedisServer.start();
    for (const [name, extra] of [
      [PROXY, []],
      [PROXY_WORKERS, ["--workers", "2"]],
    ] as const) {
      // --in-memory: the keys are in Redis, and without it the one-process proxy would take the
      // default data directory, which an emulator left running in this package holds locked.
      const proxy = await startEmulator(["--redis-url", redis.url(), "--in-memory", ...extra]);
      await seed(proxy.port);
      targets.push({
        name,
        port: proxy.port,
        requests: emulatorRequests,
        pid: proxy.child.pid,
        backendPid: redis.pid,
      });
    }
    if (isInstalled("webdis")) {
      const webdis = await startWebdis(redis.port);
      webdisDirectory = webdis.directory;
      targets.push({
        name: WEBDIS,
        port: webdis.port,
        requests: webdisRequests,
        pid: webdis.child.pid,
        backendPid: redis.pid,
      });
    } else {
      notes.push("webdis is not installed: its rows and the proxy target are not measured.");
    }
  } else {
    notes.push("redis-server is not installed: the proxy and webdis rows are not measured.");
  }
  for (const shape of ["get", "set", "pipeline"] as const) {
    await measureShape(shape, targets);
  }
  // Rows by target, as the table reads.
  rows.sort((a, b) => targetOrder(targets, a.target) - targetOrder(targets, b.target));
  for (const child of [...children].reverse()) {
    await stopProcess(child);
  }
} catch (error: unknown) {
  if (!(error instanceof MissingTool)) {
    throw error;
  }
  notes.push(error.message);
} finally {
  rmSync(scratch, { recursive: true, force: true });
  for (const child of children) {
    child.kill("SIGKILL");
  }
  await redis?.kill();
  if (webdisDirectory !== undefined) {
    rmSync(webdisDirectory, { recursive: true, force: true });
  }
}

function targetOrder(targets: readonly Target[], name: string): number {
  return targets.findIndex((target) => target.name === name);
}

function rate(target: string, shape: Shape): number | undefined {
  return rows.find((row) => row.target === target && row.shape === shape)?.result.requestsPerSecond;
}

const format = (n: number | undefined): string =>
  n === undefined ? "—" : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0);
const ratio = (a: number | undefined, b: number | undefined): string =>
  a === undefined || b === undefined ? "—" : `${(a / b).toFixed(2)}×`;
/** `value / baseline` against `target`, as "0.93× — met". */
const verdict = (
  value: number | undefined,
  baseline: number | undefined,
  target: number,
): string =>
  value === undefined || baseline === undefined
    ? "not measured"
    : `${(value / baseline).toFixed(2)}× — ${value / baseline >= target ? "met" : "NOT met"}`;

/** `16.2`, or `18.9 + 2.7 Redis` for a server with a redis-server behind it. */
function cpuCell({ cpuUsPerRequest, backendCpuUsPerRequest }: Measurement): string {
  if (cpuUsPerRequest === undefined) {
    return "—";
  }
  return backendCpuUsPerRequest === undefined
    ? cpuUsPerRequest.toFixed(1)
    : `${cpuUsPerRequest.toFixed(1)} + ${backendCpuUsPerRequest.toFixed(1)} Redis`;
}

const pipelineCommands = (target: string): number | undefined => {
  const requests = rate(target, "pipeline");
  return requests === undefined ? undefined : requests * PIPELINE_COMMANDS;
};
const embeddedPipeline = pipelineCommands(EMBEDDED);
const markdown = [
  "## Key-value REST over HTTP",
  "",
  `Loopback HTTP/1.1, ${CONNECTIONS} keep-alive connections with one request in flight each, every server in its own process, the load from wrk with one thread. Requests/s, p50 and p99: medians of ${ROUNDS} rounds of ${ROUND_MS} ms after a warm-up, as wrk reports them; every server runs from the start and the rounds go round the targets in turn, each round starting one target further along, so the shared machine's drift falls on all of them alike. The proxy and webdis share one local redis-server. \`/pipeline\` alternates ${PIPELINE_COMMANDS / 2} SETs and ${PIPELINE_COMMANDS / 2} GETs; webdis's body form is \`PUT /SET/key\` (it has no JSON body form and no pipeline). CPU µs a request: the median round's CPU time (user and system, from /proc) of the server's processes (workers included), and after the + that of the redis-server behind it, divided by the requests wrk completed; the machine's other work moves it far less than it moves requests/s.`,
  "",
  "| target | request | requests/s | commands/s | p50 ms | p99 ms | CPU µs a request | ÷ node:http | ÷ webdis |",
  "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map(({ target, shape, result }) => {
    const commands =
      shape === "pipeline"
        ? result.requestsPerSecond * PIPELINE_COMMANDS
        : result.requestsPerSecond;
    return `| ${target} | ${SHAPE_NAMES[shape]} | ${format(result.requestsPerSecond)} | ${format(commands)} | ${result.p50Ms.toFixed(2)} | ${result.p99Ms.toFixed(2)} | ${cpuCell(result)} | ${ratio(result.requestsPerSecond, rate(NODE_HTTP, shape))} | ${ratio(result.requestsPerSecond, rate(WEBDIS, shape))} |`;
  }),
  "",
  "Targets:",
  "",
  `- embedded ≥ 0.9× node:http: GET ${verdict(rate(EMBEDDED, "get"), rate(NODE_HTTP, "get"), 0.9)}; SET ${verdict(rate(EMBEDDED, "set"), rate(NODE_HTTP, "set"), 0.9)}.`,
  `- proxy with workers ≥ 0.9× node:http with as many workers (Node's ceiling on this host, no Redis at all): GET ${verdict(rate(PROXY_WORKERS, "get"), rate(NODE_HTTP_WORKERS, "get"), 0.9)}; SET ${verdict(rate(PROXY_WORKERS, "set"), rate(NODE_HTTP_WORKERS, "set"), 0.9)}. Against webdis: GET ${ratio(rate(PROXY_WORKERS, "get"), rate(WEBDIS, "get"))}, SET ${ratio(rate(PROXY_WORKERS, "set"), rate(WEBDIS, "set"))} (the ceiling itself: GET ${ratio(rate(NODE_HTTP_WORKERS, "get"), rate(WEBDIS, "get"))}, SET ${ratio(rate(NODE_HTTP_WORKERS, "set"), rate(WEBDIS, "set"))}).`,
  `- \`/pipeline\` ≥ 300k commands/s (embedded): ${format(embeddedPipeline)} — ${embeddedPipeline === undefined ? "not measured" : embeddedPipeline >= 300_000 ? "met" : "NOT met"}; over the proxy: ${format(pipelineCommands(PROXY))} (1 process), ${format(pipelineCommands(PROXY_WORKERS))} (--workers 2).`,
  ...(notes.length === 0 ? [] : ["", ...notes]),
].join("\n");
process.stdout.write(`${JSON.stringify({ markdown })}\n`);

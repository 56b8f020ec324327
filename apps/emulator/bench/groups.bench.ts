/**
 * Engine benchmarks, part two (issue 4, "Tests and figures"): EVALSHA of a 5-command script,
 * JSON.GET of a path in a 10 KB document, XADD and XRANGE of 100 entries, GEOSEARCH over 100k
 * members — each next to redis-server's figure for the same work in the same run.
 *
 * Both servers are measured the same way: over RESP2 on loopback, each in its own process, driven
 * by the same load generator (redis-benchmark, C, one thread, the same connections and pipeline
 * depth), with each case's rounds alternating between the two servers so the machine's noise falls
 * on both. A third column is the engine called in this process (`engine.execute(argv)`, no
 * protocol), the ceiling the RESP listener can approach.
 *
 * `BENCH_GROUPS_ROUND_MS` and `BENCH_GROUPS_ROUNDS` shorten a trial run; the last stdout line is
 * `{ "markdown": … }` for scripts/bench.mjs.
 */
import { type ChildProcess, execFile, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";
import { promisify } from "node:util";
import type { Resp2Value } from "@stratus/core/resp2";
import { Engine, type Reply, resp2Form } from "../src/engine/index.ts";
import { RedisServer } from "../test/support/redis-server.ts";
import { RespClient } from "../test/support/resp-client.ts";
import { mulberry32 } from "./random.ts";
import { cpuMicros, median, startEmulatorProcess, stopProcess } from "./resp-support.ts";

const ROUND_MS = Number(process.env["BENCH_GROUPS_ROUND_MS"] ?? 1000);
const ROUNDS = Number(process.env["BENCH_GROUPS_ROUNDS"] ?? 5);
/** Long enough for V8 to compile the hot paths, and to size the rounds from a warm rate. */
const WARM_UP_MS = Math.min(1000, ROUND_MS);
/** redis-benchmark's load: a few connections, each with a pipeline, as a busy client pool would. */
const CONNECTIONS = 8;
const PIPELINE = 16;
/** No round may hang the run (a stuck server fails it instead). */
const ROUND_TIMEOUT_MS = 60_000;

// ---- the work --------------------------------------------------------------------------------

/** Five redis.call's over three keys: a write, its read, a counter and a hash round trip. */
const SCRIPT = [
  "redis.call('SET', KEYS[1], ARGV[1])",
  "local value = redis.call('GET', KEYS[1])",
  "redis.call('INCR', KEYS[2])",
  "redis.call('HSET', KEYS[3], 'field', value)",
  "return redis.call('HGET', KEYS[3], 'field')",
].join("\n");
const SCRIPT_SHA = createHash("sha1").update(SCRIPT).digest("hex");
const SCRIPT_VALUE = "script-value";

/** A catalogue-like document of about 10 KB: metadata and an array of small product objects. */
function jsonDocument(): { text: string; item: unknown } {
  const random = mulberry32(1);
  const items: unknown[] = [];
  const document = { id: "catalogue:1", owner: { name: "bench", region: "eu-west-1" }, items };
  while (JSON.stringify(document).length < 10_240 - 120) {
    const index = items.length;
    items.push({
      id: index,
      name: `product ${index}`,
      price: Math.round(random() * 10_000) / 100,
      stock: Math.floor(random() * 500),
      tags: ["bench", index % 2 === 0 ? "even" : "odd"],
    });
  }
  return { text: JSON.stringify(document), item: items[42] };
}
const JSON_DOCUMENT = jsonDocument();
const JSON_PATH = "$.items[42]";

const STREAM_ENTRIES = 10_000;
/** 100 entries from the middle of the stream: a seek, then a walk. */
const XRANGE_ARGV = ["XRANGE", "bench:xrange", "5000", "5099"];

const GEO_MEMBERS = 100_000;
/**
 * Members spread uniformly over a ~51 × 56 km box around Paris; a 1 km radius around its centre
 * holds about a hundred of them, so the reply stays small and the index does the work.
 */
const GEOSEARCH_ARGV = [
  ...["GEOSEARCH", "bench:geo", "FROMLONLAT", "2.35", "48.85"],
  ...["BYRADIUS", "1", "km"],
];
function geoaddCommands(): string[][] {
  const random = mulberry32(2);
  const commands: string[][] = [];
  for (let start = 0; start < GEO_MEMBERS; start += 1000) {
    const argv = ["GEOADD", "bench:geo"];
    for (let i = start; i < start + 1000; i++) {
      argv.push((2 + random() * 0.7).toFixed(6), (48.6 + random() * 0.5).toFixed(6), `m:${i}`);
    }
    commands.push(argv);
  }
  return commands;
}

/** The data every side holds before any case runs. */
function seedCommands(): string[][] {
  return [
    ["SET", "bench:doc", JSON_DOCUMENT.text],
    ...Array.from({ length: STREAM_ENTRIES }, (_, i) => [
      ...["XADD", "bench:xrange", `${i}-1`],
      ...["sensor", `s-${i % 16}`, "reading", String(i * 7)],
    ]),
    ...geoaddCommands(),
  ];
}

/** Commands only the emulator has (redis-server 7 has no JSON module). */
const EMULATOR_ONLY_SEED = [["JSON.SET", "bench:json", "$", JSON_DOCUMENT.text]];

interface Case {
  readonly name: string;
  readonly argv: readonly string[];
  /** Run before each round, so rounds start from the same state (XADD's growing stream). */
  readonly reset?: readonly string[];
  /** redis-server cannot do this work: why, instead of a figure. */
  readonly redisAbsent?: string;
}

const CASES: readonly Case[] = [
  {
    name: "EVALSHA, 5 redis.call's",
    argv: ["EVALSHA", SCRIPT_SHA, "3", "bench:s:a", "bench:s:b", "bench:s:c", SCRIPT_VALUE],
  },
  {
    name: `JSON.GET \`${JSON_PATH}\` of a ${(JSON_DOCUMENT.text.length / 1024).toFixed(0)} KB document`,
    argv: ["JSON.GET", "bench:json", JSON_PATH],
    redisAbsent: "n/a: no JSON module",
  },
  {
    name: "GET of the same document as a string (anchor)",
    argv: ["GET", "bench:doc"],
  },
  {
    name: "XADD `*`, one field pair, from an empty stream",
    argv: ["XADD", "bench:xadd", "*", "sensor", "s-1", "reading", "42"],
    reset: ["DEL", "bench:xadd"],
  },
  {
    name: `XRANGE of 100 entries (stream of ${STREAM_ENTRIES.toLocaleString("en")})`,
    argv: XRANGE_ARGV,
  },
  {
    name: `GEOSEARCH FROMLONLAT BYRADIUS 1 km over ${GEO_MEMBERS.toLocaleString("en")} members`,
    argv: GEOSEARCH_ARGV,
  },
];

// ---- replies, compared across sides ----------------------------------------------------------

type Plain = string | number | null | Plain[] | { error: string };

function plainFromResp(value: Resp2Value): Plain {
  switch (value.kind) {
    case "simple":
      return value.value;
    case "error":
      return { error: value.message };
    case "integer":
      return Number(value.value);
    case "bulk":
      return Buffer.from(value.value).toString("utf8");
    case "null":
    case "null-array":
      return null;
    case "array":
      return value.items.map(plainFromResp);
  }
}

function plainFromReply(value: Reply): Plain {
  switch (value.kind) {
    case "simple":
      return value.value;
    case "error":
      return { error: value.message };
    case "integer":
      return Number(value.value);
    case "bulk":
      return Buffer.from(value.value, "latin1").toString("utf8");
    case "null":
    case "null-array":
      return null;
    case "array":
      return value.items.map(plainFromReply);
    default:
      return plainFromReply(resp2Form(value));
  }
}

function errorOf(value: Plain): string | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? value.error
    : undefined;
}

/** What a reply holds, for the table: "100 items", "80 bytes". */
function describeReply(value: Plain): string {
  if (Array.isArray(value)) {
    return `${value.length} items`;
  }
  if (typeof value === "string") {
    return `${Buffer.byteLength(value)} bytes`;
  }
  return errorOf(value) === undefined ? String(value) : "an error";
}

/** A short description of what a case's reply holds, to check every side did the same work. */
function replyShape(work: Case, value: Plain): string {
  if (Array.isArray(value)) {
    // GEOSEARCH's members in a stable order (neither side promises one without ASC/DESC).
    const items = work.argv[0] === "GEOSEARCH" ? [...value].map(String).sort() : value;
    return `${value.length} items, ${createHash("sha1").update(JSON.stringify(items)).digest("hex").slice(0, 8)}`;
  }
  if (work.argv[0] === "XADD") {
    return "an id";
  }
  if (work.argv[0] === "JSON.GET" && typeof value === "string") {
    const isExpected = JSON.stringify(JSON.parse(value)) === JSON.stringify([JSON_DOCUMENT.item]);
    return isExpected ? "the 43rd item" : `unexpected ${value.slice(0, 60)}`;
  }
  return typeof value === "string" && value.length > 40 ? `${value.length} chars` : String(value);
}

// ---- the sides -------------------------------------------------------------------------------

interface Rate {
  readonly opsPerSecond: number;
  readonly p50Ms?: number;
}

/** One RESP server under load: seeding and checks through a client, rounds through redis-benchmark. */
interface RespSide {
  readonly port: number;
  readonly client: RespClient;
  /** The server's process, whose CPU time each round reads. */
  readonly pid: number | undefined;
}

const execFileAsync = promisify(execFile);

/** One redis-benchmark run of `requests` × `argv`: its rate and median latency (per batch). */
async function redisBenchmark(
  port: number,
  argv: readonly string[],
  requests: number,
): Promise<Rate> {
  const { stdout } = await execFileAsync(
    "redis-benchmark",
    [
      ...["-h", "127.0.0.1", "-p", String(port)],
      ...["-c", String(CONNECTIONS), "-P", String(PIPELINE), "-n", String(requests), "--csv"],
      ...argv,
    ],
    { timeout: ROUND_TIMEOUT_MS, maxBuffer: 1 << 20 },
  );
  // "test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms",…
  const row = stdout.trim().split("\n").at(-1) ?? "";
  const fields = row.split('","').map((field) => field.replaceAll('"', ""));
  // redis-benchmark prints "inf" when a run ends within its clock's resolution.
  const opsPerSecond = fields[1] === "inf" ? Number.POSITIVE_INFINITY : Number(fields[1]);
  if (!(opsPerSecond > 0)) {
    throw new Error(`redis-benchmark printed no rate for ${argv.join(" ")}:\n${stdout}`);
  }
  return { opsPerSecond, p50Ms: Number(fields[4]) };
}

/** Enough requests for a round of about `durationMs` at `rate`, and never fewer than one batch each. */
function requestsFor(rate: number, durationMs: number): number {
  return Math.max(CONNECTIONS * PIPELINE, Math.round((rate * durationMs) / 1000));
}

/**
 * A warm-up sized in two steps (a short probe, then about WARM_UP_MS at the probe's rate); the
 * warm rate sizes the measured rounds.
 */
async function warmUp(side: RespSide, work: Case): Promise<number> {
  // The probe grows until it lasts long enough to give a finite rate.
  let probe: Rate = { opsPerSecond: Number.POSITIVE_INFINITY, p50Ms: 0 };
  for (
    let requests = CONNECTIONS * PIPELINE * 2;
    !Number.isFinite(probe.opsPerSecond);
    requests *= 10
  ) {
    await resetFor(side, work);
    probe = await redisBenchmark(side.port, work.argv, requests);
  }
  await resetFor(side, work);
  const warm = await redisBenchmark(
    side.port,
    work.argv,
    requestsFor(probe.opsPerSecond, WARM_UP_MS),
  );
  return warm.opsPerSecond;
}

async function resetFor(side: RespSide, work: Case): Promise<void> {
  if (work.reset !== undefined) {
    await side.client.call(...work.reset);
  }
}

/** Sends every command, `batch` in flight at a time; the first error reply fails the run. */
async function seedOverResp(
  client: RespClient,
  commands: readonly string[][],
  batch = 500,
): Promise<void> {
  for (let start = 0; start < commands.length; start += batch) {
    const replies = await Promise.all(
      commands.slice(start, start + batch).map((argv) => client.call(...argv)),
    );
    const failed = replies.find((value) => value.kind === "error");
    if (failed !== undefined) {
      throw new Error(`seeding failed: ${JSON.stringify(plainFromResp(failed))}`);
    }
  }
}

const children: ChildProcess[] = [];

/** The engine in this process: the same commands with no protocol and no socket. */
class InProcessSide {
  readonly #engine = new Engine();
  readonly #session = this.#engine.createSession({ address: "bench:0" });

  call(argv: readonly string[]): Plain {
    const result = this.#engine.execute(argv, this.#session);
    return result.kind === "blocked" ? null : plainFromReply(result);
  }

  seed(commands: readonly string[][]): void {
    for (const argv of commands) {
      const error = errorOf(this.call(argv));
      if (error !== undefined) {
        throw new Error(`seeding failed: ${error}`);
      }
    }
  }

  /** Ops per second of `argv` over about `durationMs`. */
  rate(work: Case, durationMs: number): number {
    if (work.reset !== undefined) {
      this.call(work.reset);
    }
    const engine = this.#engine;
    const session = this.#session;
    const argv = work.argv;
    let ops = 0;
    const start = performance.now();
    const deadline = start + durationMs;
    let now = start;
    while (now < deadline) {
      for (let i = 0; i < 64; i++) {
        engine.execute(argv, session);
      }
      ops += 64;
      now = performance.now();
    }
    return (ops * 1000) / (now - start);
  }

  close(): void {
    this.#engine.close();
  }
}

// ---- the run ---------------------------------------------------------------------------------

function isInstalled(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

/** A figure, or why there is none. */
type Figure =
  | {
      readonly opsPerSecond: number;
      /** The server process's CPU microseconds per operation (RESP sides, with /proc). */
      readonly cpuPerOp?: number;
    }
  | { readonly absent: string };

interface Row {
  readonly work: Case;
  /** What the in-process engine answered, described. */
  readonly reply: string;
  readonly emulator: Figure;
  readonly redis: Figure;
  readonly inProcess: Figure;
}

const notes: string[] = [];
const rows: Row[] = [];

/** The error that keeps a side from doing a case's work (EVALSHA missing, a failed check). */
function absence(work: Case, error: string): string {
  return work.argv[0] === "EVALSHA" && /unknown command/i.test(error)
    ? "not measured: EVALSHA missing"
    : `not measured: ${error}`;
}

async function measureRespCase(
  work: Case,
  emulator: RespSide | undefined,
  redis: RespSide | undefined,
): Promise<{ emulator: Figure; redis: Figure }> {
  const sides = new Map<"emulator" | "redis", RespSide>();
  const figures: { emulator: Figure; redis: Figure } = {
    emulator: { absent: "not measured: redis-benchmark is not installed" },
    redis: { absent: work.redisAbsent ?? "not measured: redis-server is not installed" },
  };
  const shapes = new Map<string, string>();
  for (const [name, side] of [
    ["emulator", emulator],
    ["redis", work.redisAbsent === undefined ? redis : undefined],
  ] as const) {
    if (side === undefined) {
      continue;
    }
    await resetFor(side, work);
    const answer = plainFromResp(await side.client.call(...work.argv));
    const error = errorOf(answer);
    if (error === undefined) {
      sides.set(name, side);
      shapes.set(name, replyShape(work, answer));
    } else {
      figures[name] = { absent: absence(work, error) };
    }
  }
  const [emulatorShape, redisShape] = [shapes.get("emulator"), shapes.get("redis")];
  if (emulatorShape !== undefined && redisShape !== undefined && emulatorShape !== redisShape) {
    notes.push(
      `${work.name}: the replies differ (emulator: ${emulatorShape}; redis-server: ${redisShape}).`,
    );
  }
  const sizes = new Map<RespSide, number>();
  for (const side of sides.values()) {
    sizes.set(side, requestsFor(await warmUp(side, work), ROUND_MS));
  }
  const rates = new Map<RespSide, number[]>();
  const cpu = new Map<RespSide, number[]>();
  // Rounds alternate between the servers, so a burst of load elsewhere hits both.
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of sides.values()) {
      await resetFor(side, work);
      const requests = sizes.get(side) ?? 0;
      const cpuBefore = cpuMicros(side.pid);
      const rate = await redisBenchmark(side.port, work.argv, requests);
      const cpuAfter = cpuMicros(side.pid);
      rates.set(side, [...(rates.get(side) ?? []), rate.opsPerSecond]);
      if (cpuBefore !== undefined && cpuAfter !== undefined) {
        cpu.set(side, [...(cpu.get(side) ?? []), (cpuAfter - cpuBefore) / requests]);
      }
    }
  }
  for (const [name, side] of sides) {
    const cpuPerOp = cpu.get(side);
    figures[name] = {
      opsPerSecond: median(rates.get(side) ?? []),
      ...(cpuPerOp === undefined ? {} : { cpuPerOp: median(cpuPerOp) }),
    };
  }
  return figures;
}

function measureInProcess(side: InProcessSide, work: Case): Figure {
  const answer = side.call(work.argv);
  const error = errorOf(answer);
  if (error !== undefined) {
    return { absent: absence(work, error) };
  }
  side.rate(work, WARM_UP_MS);
  return {
    opsPerSecond: median(Array.from({ length: ROUNDS }, () => side.rate(work, ROUND_MS))),
  };
}

/** SCRIPT LOAD on a side; EVALSHA's absence shows later as its case's error. */
function scriptLoad(call: (argv: string[]) => Plain | Promise<Plain>): Promise<void> {
  return Promise.resolve(call(["SCRIPT", "LOAD", SCRIPT])).then((sha) => {
    if (typeof sha === "string" && sha !== SCRIPT_SHA) {
      throw new Error(`SCRIPT LOAD answered ${sha}, expected ${SCRIPT_SHA}`);
    }
  });
}

const startedAt = performance.now();
/** The shared machine's load when the run began: ratios from a busy host are noisy. */
const loadAtStart = loadavg()[0] ?? 0;
const hasLoadGenerator = isInstalled("redis-benchmark");
const hasRedis = isInstalled("redis-server");
let redisServer: RedisServer | undefined;
const clients: RespClient[] = [];
const inProcess = new InProcessSide();
try {
  let emulator: RespSide | undefined;
  let redis: RespSide | undefined;
  const seed = seedCommands();
  if (hasLoadGenerator) {
    process.stderr.write("groups bench: starting the emulator and redis-server, seeding…\n");
    const started = await startEmulatorProcess();
    children.push(started.child);
    const emulatorClient = await RespClient.connect(started.port);
    clients.push(emulatorClient);
    emulator = { port: started.port, client: emulatorClient, pid: started.child.pid };
    await seedOverResp(emulatorClient, [...seed, ...EMULATOR_ONLY_SEED]);
    await scriptLoad(async (argv) => plainFromResp(await emulatorClient.call(...argv)));
    if (hasRedis) {
      redisServer = await RedisServer.start();
      const redisClient = await RespClient.connect(redisServer.port);
      clients.push(redisClient);
      redis = { port: redisServer.port, client: redisClient, pid: redisServer.pid };
      await seedOverResp(redisClient, seed);
      await scriptLoad(async (argv) => plainFromResp(await redisClient.call(...argv)));
    }
  } else {
    notes.push("redis-benchmark is not installed: only the in-process column is measured.");
  }
  inProcess.seed([...seed, ...EMULATOR_ONLY_SEED]);
  await scriptLoad((argv) => inProcess.call(argv));

  for (const work of CASES) {
    process.stderr.write(`groups bench: ${work.name}…\n`);
    const reply = describeReply(inProcess.call(work.argv));
    const overResp = await measureRespCase(work, emulator, redis);
    rows.push({ work, reply, ...overResp, inProcess: measureInProcess(inProcess, work) });
  }
} finally {
  inProcess.close();
  for (const client of clients) {
    await client.close();
  }
  for (const child of children) {
    await stopProcess(child);
  }
  await redisServer?.kill();
}
const elapsedSeconds = (performance.now() - startedAt) / 1000;

// ---- the section -----------------------------------------------------------------------------

const format = (figure: Figure): string => {
  if ("absent" in figure) {
    return figure.absent;
  }
  const n = figure.opsPerSecond;
  return n >= 1e6
    ? `${(n / 1e6).toFixed(2)}M`
    : n >= 1e3
      ? `${(n / 1e3).toFixed(1)}k`
      : n.toFixed(0);
};
const ratio = (a: Figure, b: Figure): string =>
  "opsPerSecond" in a && "opsPerSecond" in b
    ? `${(a.opsPerSecond / b.opsPerSecond).toFixed(2)}×`
    : "—";
const cpuOf = (figure: Figure): number | undefined =>
  "cpuPerOp" in figure ? figure.cpuPerOp : undefined;
const cpuCell = (figure: Figure): string => cpuOf(figure)?.toFixed(1) ?? "—";
/** redis-server's CPU per operation ÷ the emulator's: reads like the throughput ratio. */
const cpuRatio = (emulator: Figure, redis: Figure): string => {
  const [ours, theirs] = [cpuOf(emulator), cpuOf(redis)];
  return ours === undefined || theirs === undefined ? "—" : `${(theirs / ours).toFixed(2)}×`;
};

const markdown = [
  "## Embedded engine, part two: scripting, JSON, streams, geo",
  "",
  `Operations per second, median of ${ROUNDS} rounds of about ${ROUND_MS} ms after a warm-up. The emulator (\`src/main.ts --in-memory\`, RESP listener) and redis-server ${redisVersion()} each run in their own process and get the same load over RESP2 on loopback: redis-benchmark with ${CONNECTIONS} connections and a pipeline of ${PIPELINE}, each round sized from the warm-up's rate, the two servers' rounds alternating. Where redis-server answers faster than one redis-benchmark thread can ask, its figure is the load generator's ceiling, so a lower bound. Every side holds the same data (seeded by one deterministic generator) and each case's reply is checked to be the same on both before it is timed. "In-process" is \`engine.execute(argv)\` in the benchmark's own process, no protocol and no socket.`,
  "",
  `The script runs \`SET\`, \`GET\`, \`INCR\`, \`HSET\`, \`HGET\` over three keys (loaded with SCRIPT LOAD on every side). redis-server 7 has no JSON module, so JSON.GET has no redis-server figure and no ratio: the anchor row below it, GET of the same document stored as a plain string, is the nearest work both servers can do — it finds the key and writes the whole ${(JSON_DOCUMENT.text.length / 1024).toFixed(0)} KB, where JSON.GET walks a path and serializes a ${JSON.stringify([JSON_DOCUMENT.item]).length}-byte result. XADD's stream is deleted before every round; XRANGE reads entries 5000–5099 of a ${STREAM_ENTRIES.toLocaleString("en")}-entry stream; GEOSEARCH's radius holds about a hundred of the ${GEO_MEMBERS.toLocaleString("en")} members.`,
  "",
  "The CPU columns are each server process's own CPU time (user + system, `/proc/<pid>/stat`) per operation over the same rounds, steadier than throughput on a shared host; the CPU ratio is redis-server's ÷ the emulator's, so it reads like the throughput ratio.",
  "",
  "| work | reply | emulator, RESP | redis-server, RESP | emulator ÷ redis-server | emulator CPU µs/op | redis-server CPU µs/op | CPU ratio | in-process |",
  "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map(
    (row) =>
      `| ${row.work.name} | ${row.reply} | ${format(row.emulator)} | ${format(row.redis)} | ${ratio(row.emulator, row.redis)} | ${cpuCell(row.emulator)} | ${cpuCell(row.redis)} | ${cpuRatio(row.emulator, row.redis)} | ${format(row.inProcess)} |`,
  ),
  "",
  `Whole run: ${elapsedSeconds.toFixed(0)} s; load average at its start ${loadAtStart.toFixed(1)} on ${availableParallelism()} cores.`,
  ...(notes.length === 0 ? [] : ["", ...notes]),
].join("\n");
process.stdout.write(`${JSON.stringify({ markdown })}\n`);

function redisVersion(): string {
  if (!hasRedis) {
    return "(not installed)";
  }
  const output = spawnSync("redis-server", ["--version"], { encoding: "utf8" }).stdout;
  return /v=(\S+)/.exec(output)?.[1] ?? "";
}

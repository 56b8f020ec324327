/**
 * MEMORY USAGE benchmark: what the maxmemory account (each written key re-measured as Redis 7.0's
 * `objectComputeSize` measures it) costs a write, per type and encoding — writes per second with
 * `maxmemory` set (1 GB, never reached) against the same writes without a limit — and how long
 * MEMORY USAGE itself takes. In process; median of 5 rounds. Prints one JSON object;
 * `scripts/bench.mjs` writes BENCHMARKS.md from it.
 */
import { Engine } from "../src/engine/index.ts";

const OPS = Number(process.env["BENCH_OPS"] ?? 20_000);
const ROUNDS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

interface Workload {
  readonly name: string;
  /** Builds the key the writes go to. */
  readonly setup: readonly (readonly string[])[];
  /** Write `i` (keeps the key's size and encoding steady). */
  readonly write: (i: number) => string[];
}

const range = (count: number, make: (i: number) => string[]): string[] =>
  Array.from({ length: count }, (_, i) => make(i)).flat();

const WORKLOADS: readonly Workload[] = [
  { name: "SET (string)", setup: [], write: (i) => ["SET", "k", `value-${i}`] },
  {
    name: "HSET (listpack, 100 fields)",
    setup: [["HSET", "k", ...range(100, (i) => [`field-${i}`, `value-${i}`])]],
    write: (i) => ["HSET", "k", `field-${i % 100}`, `v${i}`],
  },
  {
    name: "HSET (hashtable, 1000 fields)",
    setup: [["HSET", "k", ...range(1000, (i) => [`field-${i}`, `value-${i}`])]],
    write: (i) => ["HSET", "k", `field-${i % 1000}`, `v${i}`],
  },
  {
    name: "ZADD (listpack, 100 members, fractional scores)",
    setup: [["ZADD", "k", ...range(100, (i) => [`${i}.25`, `member-${i}`])]],
    write: (i) => ["ZADD", "k", `${i}.5`, `member-${i % 100}`],
  },
  {
    name: "ZADD (skiplist, 1000 members)",
    setup: [["ZADD", "k", ...range(1000, (i) => [`${i}.25`, `member-${i}`])]],
    write: (i) => ["ZADD", "k", `${i}.5`, `member-${i % 1000}`],
  },
  {
    name: "RPUSH+LPOP (quicklist, 20000 items)",
    setup: [["RPUSH", "k", ...range(20_000, (i) => [`item-${i}`])]],
    write: (i) => (i % 2 === 0 ? ["RPUSH", "k", `item-${i}`] : ["LPOP", "k"]),
  },
  {
    name: "SADD (hashtable, 1000 members)",
    setup: [["SADD", "k", ...range(1000, (i) => [`member-${i}`])]],
    write: (i) => ["SADD", "k", `member-${i % 1000}`],
  },
  {
    name: "XADD (stream of 1000+, a group with 100 pending)",
    setup: [
      ...Array.from({ length: 1000 }, (_, i) => [
        "XADD",
        "k",
        "*",
        "sensor",
        "s-1",
        "reading",
        `${i}`,
      ]),
      ["XGROUP", "CREATE", "k", "g", "0"],
      ["XREADGROUP", "GROUP", "g", "c", "COUNT", "100", "STREAMS", "k", ">"],
    ],
    write: (i) => ["XADD", "k", "*", "sensor", "s-1", "reading", `${i}`],
  },
];

/** Writes per second of a workload, with or without a maxmemory limit. */
function writesPerSecond(workload: Workload, maxmemory: string): number {
  const engine = new Engine();
  const session = engine.createSession({ address: "bench:0" });
  engine.execute(["CONFIG", "SET", "maxmemory", maxmemory], session);
  for (const argv of workload.setup) {
    engine.execute([...argv], session);
  }
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < OPS; i++) {
      engine.execute(workload.write(i), session);
    }
    rates.push(OPS / (Number(process.hrtime.bigint() - start) / 1e9));
  }
  engine.close();
  return median(rates);
}

/** Microseconds per MEMORY USAGE of the workload's key (default SAMPLES). */
function usageMicros(workload: Workload): number {
  const engine = new Engine();
  const session = engine.createSession({ address: "bench:0" });
  for (const argv of workload.setup) {
    engine.execute([...argv], session);
  }
  engine.execute(workload.write(0), session);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < OPS; i++) {
      engine.execute(["MEMORY", "USAGE", "k"], session);
    }
    times.push(Number(process.hrtime.bigint() - start) / 1e3 / OPS);
  }
  engine.close();
  return median(times);
}

const rows = WORKLOADS.map((workload) => {
  const without = writesPerSecond(workload, "0");
  const withLimit = writesPerSecond(workload, "1gb");
  return { name: workload.name, without, withLimit, usage: usageMicros(workload) };
});

const markdown = [
  "## MEMORY USAGE and the maxmemory account",
  "",
  `Writes per second in process without a limit and with \`maxmemory 1gb\` (each write re-measures its key as Redis 7.0's \`objectComputeSize\` does), and the time of one \`MEMORY USAGE\` (default SAMPLES); median of ${ROUNDS} rounds of ${OPS}.`,
  "",
  "| workload | writes/s, no limit | writes/s, maxmemory | ratio | MEMORY USAGE |",
  "| --- | --- | --- | --- | --- |",
  ...rows.map(
    (row) =>
      `| ${row.name} | ${Math.round(row.without).toLocaleString("en")} | ${Math.round(row.withLimit).toLocaleString("en")} | ${(row.withLimit / row.without).toFixed(2)} | ${row.usage.toFixed(2)} µs |`,
  ),
].join("\n");
process.stdout.write(`${JSON.stringify(rows)}\n`);
process.stdout.write(`${JSON.stringify({ markdown })}\n`);

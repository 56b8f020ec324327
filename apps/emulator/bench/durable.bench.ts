/**
 * Reads interleaved with writes over a data directory (hardening issue, point 4): under fsync
 * `always` no reply, a read's included, leaves before the fsync of the writes that preceded it, so
 * reads that arrive during an fsync wait for it. This measures what that costs: the embedded
 * emulator over loopback HTTP with a data directory, under `always` and under `everysec` (where
 * reads answer at once), with
 *
 * - mixed load: two wrk processes at once, writers (`INCR counter` in body form) and readers
 *   (`GET /get/counter`), each reporting its own rate and latency;
 * - reads alone: the readers without writers, the reads' ceiling on the same server.
 *
 * Every server runs in its own process from the start and the rounds go round the targets in turn,
 * as in rest.bench.ts. `BENCH_DURABLE_ROUND_MS` and `BENCH_DURABLE_ROUNDS` shorten a trial run;
 * the last stdout line is `{ "markdown": … }` for scripts/bench.mjs.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type HttpRequest, runWrk, type WrkRound } from "./wrk.ts";

const ROUND_MS = Number(process.env["BENCH_DURABLE_ROUND_MS"] ?? 3000);
const ROUNDS = Number(process.env["BENCH_DURABLE_ROUNDS"] ?? 5);
const WARM_UP_MS = Math.min(2000, ROUND_MS);
const READERS = 32;
const WRITERS = 8;
const TOKEN = "bench-token";
const FSYNC_POLICIES = ["always", "everysec"] as const;
type Policy = (typeof FSYNC_POLICIES)[number];
type Load = "mixed" | "reads";

const READ: HttpRequest = { method: "GET", path: "/get/counter" };
const WRITE: HttpRequest = { method: "POST", path: "/", body: JSON.stringify(["INCR", "counter"]) };

/** A round of one load on one server: the reads' figures, and the writes' under mixed load. */
interface LoadRound {
  readonly reads: WrkRound;
  readonly writes?: WrkRound;
}

/** One wrk run: one thread, `connections` keep-alive connections, for `durationMs`. */
function wrk(
  port: number,
  load: { readonly request: HttpRequest; readonly connections: number },
  durationMs: number,
): Promise<WrkRound> {
  return runWrk({ port, ...load, durationMs, token: TOKEN, scratch });
}

async function runLoad(port: number, load: Load, durationMs: number): Promise<LoadRound> {
  const reading = wrk(port, { request: READ, connections: READERS }, durationMs);
  if (load === "reads") {
    return { reads: await reading };
  }
  const [reads, writes] = await Promise.all([
    reading,
    wrk(port, { request: WRITE, connections: WRITERS }, durationMs),
  ]);
  return { reads, writes };
}

const emulatorMain = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const sourceLoader = fileURLToPath(new URL("../test/support/register-ts.mjs", import.meta.url));

/** Starts an emulator on its own data directory; resolves with its port once it is ready. */
async function startEmulator(fsync: Policy): Promise<number> {
  const dataDir = join(scratch, `data-${fsync}`);
  const child = spawn(
    process.execPath,
    [
      "--conditions=@stratus/source",
      "--import",
      sourceLoader,
      emulatorMain,
      ...["--port", "0", "--no-resp", "--json", "--token", TOKEN],
      ...["--data-dir", dataDir, "--fsync", fsync],
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  children.push(child);
  let output = "";
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    output += chunk.toString();
    const line = output.split("\n").find((each) => each.startsWith("{"));
    if (line !== undefined) {
      return Number(new URL((JSON.parse(line) as { url: string }).url).port);
    }
  }
  throw new Error(`the emulator with fsync ${fsync} exited before it was ready`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function medianRound(rounds: readonly WrkRound[]): WrkRound {
  return {
    requests: median(rounds.map((round) => round.requests)),
    requestsPerSecond: median(rounds.map((round) => round.requestsPerSecond)),
    p50Ms: median(rounds.map((round) => round.p50Ms)),
    p99Ms: median(rounds.map((round) => round.p99Ms)),
  };
}

interface Row {
  readonly policy: Policy;
  readonly load: Load;
  readonly reads: WrkRound;
  readonly writes: WrkRound | undefined;
}

function isInstalled(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

const children: ChildProcess[] = [];
const rows: Row[] = [];
const notes: string[] = [];
const scratch = mkdtempSync(join(tmpdir(), "stratus-durable-bench-"));
try {
  if (!isInstalled("wrk")) {
    notes.push("wrk is not installed (Debian: apt-get install wrk): nothing is measured.");
  } else {
    const ports = new Map<Policy, number>();
    for (const policy of FSYNC_POLICIES) {
      ports.set(policy, await startEmulator(policy));
    }
    for (const load of ["mixed", "reads"] as const) {
      const rounds = new Map<Policy, LoadRound[]>(FSYNC_POLICIES.map((policy) => [policy, []]));
      for (const policy of FSYNC_POLICIES) {
        process.stderr.write(`durable bench: fsync ${policy}, ${load}: warm-up…\n`);
        await runLoad(ports.get(policy) as number, load, WARM_UP_MS);
      }
      for (let round = 0; round < ROUNDS; round++) {
        process.stderr.write(`durable bench: ${load}, round ${round + 1} of ${ROUNDS}…\n`);
        for (const policy of FSYNC_POLICIES) {
          rounds.get(policy)?.push(await runLoad(ports.get(policy) as number, load, ROUND_MS));
        }
      }
      for (const policy of FSYNC_POLICIES) {
        const measured = rounds.get(policy) ?? [];
        const writes = measured.flatMap((each) => (each.writes === undefined ? [] : [each.writes]));
        rows.push({
          policy,
          load,
          reads: medianRound(measured.map((each) => each.reads)),
          writes: writes.length === 0 ? undefined : medianRound(writes),
        });
      }
    }
    for (const child of [...children].reverse()) {
      await stopProcess(child);
    }
  }
} finally {
  for (const child of children) {
    child.kill("SIGKILL");
  }
  rmSync(scratch, { recursive: true, force: true });
}

const format = (n: number | undefined): string =>
  n === undefined ? "—" : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0);
const readRate = (policy: Policy, load: Load): number | undefined =>
  rows.find((row) => row.policy === policy && row.load === load)?.reads.requestsPerSecond;
const ratio = (a: number | undefined, b: number | undefined): string =>
  a === undefined || b === undefined ? "—" : `${(a / b).toFixed(2)}×`;
const LOAD_NAMES: Record<Load, string> = {
  mixed: `${READERS} readers + ${WRITERS} writers`,
  reads: `${READERS} readers alone`,
};
const markdown = [
  "## Reads interleaved with writes, with a data directory",
  "",
  `Loopback HTTP/1.1, the embedded emulator with \`--data-dir\` under fsync \`always\` and \`everysec\`, each in its own process. Readers: wrk with ${READERS} keep-alive connections sending \`GET /get/counter\`; writers, at the same time, a second wrk with ${WRITERS} connections sending \`["INCR","counter"]\`. Under \`always\` a read that arrives while an fsync of earlier writes is in flight is answered after it (as Redis answers no client before that fsync); under \`everysec\` it is answered at once. Medians of ${ROUNDS} rounds of ${ROUND_MS} ms after a warm-up, rounds alternating between the servers.`,
  "",
  "| fsync | load | reads/s | read p50 ms | read p99 ms | writes/s | write p50 ms | write p99 ms |",
  "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map(
    ({ policy, load, reads, writes }) =>
      `| ${policy} | ${LOAD_NAMES[load]} | ${format(reads.requestsPerSecond)} | ${reads.p50Ms.toFixed(2)} | ${reads.p99Ms.toFixed(2)} | ${format(writes?.requestsPerSecond)} | ${writes?.p50Ms.toFixed(2) ?? "—"} | ${writes?.p99Ms.toFixed(2) ?? "—"} |`,
  ),
  "",
  `Reads under mixed load, \`always\` ÷ \`everysec\`: ${ratio(readRate("always", "mixed"), readRate("everysec", "mixed"))}; \`always\` mixed ÷ \`always\` reads alone: ${ratio(readRate("always", "mixed"), readRate("always", "reads"))}.`,
  ...(notes.length === 0 ? [] : ["", ...notes]),
].join("\n");
process.stdout.write(`${JSON.stringify({ markdown })}\n`);

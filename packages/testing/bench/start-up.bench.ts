/**
 * Start-up benchmark (issue 10: start-up to ready ≤ 250 ms): how long `startEmulator()` takes until
 * the emulator answers a PING over its socket, cold (first start in a fresh process, module import
 * included) and warm (median and worst of later starts). Baseline: a bare `node:http` server doing
 * the same listen-then-answer, measured in the same run. Prints one JSON object for
 * `scripts/bench.mjs`. Run with `pnpm bench start-up`.
 */
import { execFileSync, execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg } from "node:os";
import { delimiter } from "node:path";
import { fileURLToPath } from "node:url";

const ROUNDS = Number(process.env["BENCH_START_ROUNDS"] ?? 30);
const TARGET_MS = 250;
/** Fresh processes timing the built package (issue 21: import ≤ 300 ms, first start ≤ 100 ms). */
const BUILT_PROCESSES = Number(process.env["BENCH_START_BUILT_PROCESSES"] ?? 7);
const BUILT_IMPORT_TARGET_MS = 300;
const BUILT_START_TARGET_MS = 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function ping(url: string, token: string): Promise<void> {
  const response = await fetch(`${url}/ping`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { result?: unknown };
  if (body.result !== "PONG") {
    throw new Error(`unexpected PING reply ${JSON.stringify(body)}`);
  }
}

/** Milliseconds from calling start until the first PING is answered; stops it afterwards. */
async function timeStart(
  start: () => Promise<{ url: string; token: string; stop(): Promise<void> }>,
): Promise<number> {
  const startedAt = performance.now();
  const running = await start();
  await ping(running.url, running.token);
  const elapsed = performance.now() - startedAt;
  await running.stop();
  return elapsed;
}

async function bareHttp(): Promise<{ url: string; token: string; stop(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response.setHeader("content-type", "application/json");
    response.end('{"result":"PONG"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    token: "",
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** One fresh process: wall time of the import, its CPU time (less swayed by a loaded host), first start. */
interface BuiltRun {
  readonly importMs: number;
  readonly importCpuMs: number;
  readonly startMs: number;
}

/**
 * What users run: `import("@stratus/testing")` from its built output, then the first
 * `startEmulator()`, each in a fresh Node process (no source loader, no module cache).
 */
function timeBuiltPackage(): BuiltRun[] {
  const root = fileURLToPath(new URL("../../../", import.meta.url));
  // Each package's own build script (declarations by tsc, JavaScript bundled by scripts/bundle.mjs).
  for (const path of ["packages/core", "apps/emulator", "packages/testing"]) {
    const manifest = JSON.parse(readFileSync(`${root}${path}/package.json`, "utf8")) as {
      scripts: { build: string };
    };
    execSync(manifest.scripts.build, {
      cwd: `${root}${path}`,
      stdio: "inherit",
      env: {
        ...process.env,
        PATH: `${root}node_modules/.bin${delimiter}${process.env["PATH"] ?? ""}`,
      },
    });
  }
  const entry = new URL("../dist/index.js", import.meta.url).href;
  const script = [
    "const importStartedAt = performance.now();",
    "const cpuBefore = process.cpuUsage();",
    `const { startEmulator } = await import(${JSON.stringify(entry)});`,
    "const cpu = process.cpuUsage(cpuBefore);",
    "const startedAt = performance.now();",
    "const emulator = await startEmulator();",
    "const readyAt = performance.now();",
    "await emulator.stop();",
    "const importCpuMs = (cpu.user + cpu.system) / 1000;",
    "console.log(JSON.stringify({ importMs: startedAt - importStartedAt, importCpuMs, startMs: readyAt - startedAt }));",
  ].join("\n");
  return Array.from({ length: BUILT_PROCESSES }, () => {
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    return JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as BuiltRun;
  });
}

const built = timeBuiltPackage();
/** The host's 1-minute load average while the fresh processes ran (the host is shared). */
const builtLoad = loadavg()[0] ?? 0;
const builtImport = median(built.map((run) => run.importMs));
const builtImportCpu = median(built.map((run) => run.importCpuMs));
const builtStart = median(built.map((run) => run.startMs));

const importStartedAt = performance.now();
const { startEmulator } = await import("../src/index.ts");
const importMs = performance.now() - importStartedAt;
const coldMs = await timeStart(() => startEmulator());
const warm: number[] = [];
const baseline: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  warm.push(await timeStart(() => startEmulator()));
  baseline.push(await timeStart(bareHttp));
}
const warmMedian = median(warm);
const baselineMedian = median(baseline);
const ms = (value: number): string => `${value.toFixed(1)} ms`;
const markdown = [
  "## `@stratus/testing` start-up to ready",
  "",
  `\`startEmulator()\` (in memory, random port, ManualClock) until a PING over the socket is answered. Warm: ${ROUNDS} start/stop rounds in one process. Baseline: a bare \`node:http\` server doing the same listen and answer.`,
  "",
  "| | time | ratio to bare node:http (warm median) |",
  "| --- | ---: | ---: |",
  `| import of \`@stratus/testing\` (first, from source) | ${ms(importMs)} | |`,
  `| cold: first start in the process | ${ms(coldMs)} | ${(coldMs / baselineMedian).toFixed(1)} |`,
  `| warm median | ${ms(warmMedian)} | ${(warmMedian / baselineMedian).toFixed(1)} |`,
  `| warm worst | ${ms(Math.max(...warm))} | ${(Math.max(...warm) / baselineMedian).toFixed(1)} |`,
  `| (bare node:http, median) | ${ms(baselineMedian)} | 1.0 |`,
  "",
  `From the built output (\`dist/\`, what users run), each in a fresh process, median of ${BUILT_PROCESSES}, 1-minute load average ${builtLoad.toFixed(1)}:`,
  "",
  "| | time | target |",
  "| --- | ---: | ---: |",
  `| \`import("@stratus/testing")\`, cold | ${ms(builtImport)} | ≤ ${BUILT_IMPORT_TARGET_MS} ms — ${builtImport <= BUILT_IMPORT_TARGET_MS ? "met" : "NOT met"} |`,
  `| (its CPU time, user + system) | ${ms(builtImportCpu)} | |`,
  `| first \`startEmulator()\` after it, cold | ${ms(builtStart)} | ≤ ${BUILT_START_TARGET_MS} ms — ${builtStart <= BUILT_START_TARGET_MS ? "met" : "NOT met"} |`,
  "",
  `Target: start-up to ready ≤ ${TARGET_MS} ms — ${coldMs <= TARGET_MS && Math.max(...warm) <= TARGET_MS ? "met" : "NOT met"} (cold ${ms(coldMs)}, warm worst ${ms(Math.max(...warm))}).`,
].join("\n");
process.stdout.write(`${JSON.stringify({ markdown })}\n`);

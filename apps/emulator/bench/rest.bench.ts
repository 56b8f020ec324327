/**
 * REST benchmarks (issue: key-value REST): requests per second over loopback HTTP/1.1 keep-alive,
 * for the embedded engine and the Redis proxy, against baselines measured in the same run:
 * a bare `node:http` server that reads the body and answers JSON (the ceiling of any Node server),
 * and webdis (Debian's HTTP gateway for Redis) in front of the same redis-server as the proxy.
 *
 * Every server runs in its own process; the load comes from this one, over raw sockets, so the
 * client's own overhead is the same for every target. Targets: embedded ≥ 0.9× node:http,
 * proxy ≥ 1.0× webdis, `/pipeline` ≥ 300k commands/s.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, RedisServer } from "../test/support/redis-server.ts";

const CONNECTIONS = Number(process.env["BENCH_REST_CONNECTIONS"] ?? 50);
const ROUND_MS = Number(process.env["BENCH_REST_ROUND_MS"] ?? 3000);
const ROUNDS = Number(process.env["BENCH_REST_ROUNDS"] ?? 3);
const PIPELINE_COMMANDS = 100;
const TOKEN = "bench-token";

/** One request's bytes, written as is on every round trip. */
function httpRequest(method: string, path: string, body: string): Buffer {
  const head = [
    `${method} ${path} HTTP/1.1`,
    "Host: 127.0.0.1",
    `Authorization: Bearer ${TOKEN}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "",
    "",
  ].join("\r\n");
  return Buffer.from(head + body);
}

/**
 * Finds where the first complete response in `buffer` ends (Content-Length or chunked), or -1.
 * Enough HTTP/1.1 for the servers measured here; a non-2xx status fails the run.
 */
function responseEnd(buffer: Buffer): number {
  const headerEnd = buffer.indexOf("\r\n\r\n");
  if (headerEnd === -1) {
    return -1;
  }
  const head = buffer.toString("latin1", 0, headerEnd);
  const status = Number(head.slice(9, 12));
  if (status < 200 || status >= 300) {
    throw new Error(`benchmark request failed: ${head.split("\r\n")[0]}`);
  }
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length !== null) {
    const end = headerEnd + 4 + Number(length[1]);
    return buffer.length >= end ? end : -1;
  }
  const last = buffer.indexOf("\r\n0\r\n\r\n", headerEnd);
  return last === -1 ? -1 : last + 7;
}

/** Keeps one request in flight per connection for `durationMs`; returns completed requests/s. */
async function load(port: number, request: Buffer, durationMs: number): Promise<number> {
  const deadline = performance.now() + durationMs;
  let completed = 0;
  const runConnection = async (): Promise<void> => {
    const socket: Socket = connect(port, "127.0.0.1");
    socket.setNoDelay(true);
    await once(socket, "connect");
    await new Promise<void>((resolve, reject) => {
      let pending = Buffer.alloc(0);
      socket.on("error", reject);
      socket.on("data", (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        try {
          const end = responseEnd(pending);
          if (end === -1) {
            return;
          }
          pending = pending.subarray(end);
        } catch (error: unknown) {
          reject(error);
          return;
        }
        completed++;
        if (performance.now() < deadline) {
          socket.write(request);
        } else {
          socket.end();
          resolve();
        }
      });
      socket.write(request);
    });
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, runConnection));
  return (completed * 1000) / (performance.now() - started);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** A warm-up round, then the median of `ROUNDS`. */
async function measure(port: number, request: Buffer): Promise<number> {
  await load(port, request, 500);
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rates.push(await load(port, request, ROUND_MS));
  }
  return median(rates);
}

/** Spawns a server process and resolves with its port once it prints its ready line. */
async function startProcess(
  command: string,
  args: string[],
  readyPort: (line: string) => number | undefined,
): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"] });
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

/** The ceiling: `node:http` reading the JSON body and answering a JSON result, nothing else. */
function startBareNodeHttp(): Promise<{ port: number; child: ChildProcess }> {
  const script = `
    const http = require("node:http");
    const server = http.createServer((req, res) => {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        const command = JSON.parse(Buffer.concat(chunks).toString());
        const body = JSON.stringify({ result: String(command[1]) });
        res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
        res.end(body);
      });
    });
    server.listen(0, "127.0.0.1", () => console.log("port " + server.address().port));`;
  return startProcess(process.execPath, ["-e", script], (line) =>
    line.startsWith("port ") ? Number(line.slice(5)) : undefined,
  );
}

async function startWebdis(
  redisPort: number,
): Promise<{ port: number; child: ChildProcess; directory: string } | undefined> {
  if (spawnSync("sh", ["-c", "command -v webdis"]).status !== 0) {
    return undefined;
  }
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
      threads: 1,
      pool_size: 10,
      daemonize: false,
      database: 0,
      verbosity: 0,
      logfile: join(directory, "webdis.log"),
    }),
  );
  const child = spawn("webdis", [config], { stdio: "ignore" });
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
  child.kill();
  throw new Error("webdis did not start");
}

const getRequest = httpRequest("POST", "/", JSON.stringify(["GET", "bench:key"]));
const pipelineRequest = httpRequest(
  "POST",
  "/pipeline",
  JSON.stringify(Array.from({ length: PIPELINE_COMMANDS }, () => ["GET", "bench:key"])),
);
const children: ChildProcess[] = [];
const results: Record<string, number | undefined> = {};
let redis: RedisServer | undefined;
let webdisDirectory: string | undefined;
try {
  const bare = await startBareNodeHttp();
  children.push(bare.child);
  results["node:http (baseline)"] = await measure(bare.port, getRequest);
  bare.child.kill();

  const embedded = await startEmulator(["--in-memory"]);
  children.push(embedded.child);
  results["embedded GET"] = await measure(embedded.port, getRequest);
  results["embedded /pipeline (commands/s)"] =
    (await measure(embedded.port, pipelineRequest)) * PIPELINE_COMMANDS;
  embedded.child.kill();

  if (spawnSync("redis-server", ["--version"]).status === 0) {
    redis = await RedisServer.start();
    const proxy = await startEmulator(["--redis-url", `redis://127.0.0.1:${redis.port}`]);
    children.push(proxy.child);
    results["proxy GET"] = await measure(proxy.port, getRequest);
    proxy.child.kill();
    const webdis = await startWebdis(redis.port);
    if (webdis !== undefined) {
      children.push(webdis.child);
      webdisDirectory = webdis.directory;
      results["webdis GET (baseline)"] = await measure(
        webdis.port,
        httpRequest("GET", "/GET/bench:key", ""),
      );
    }
  }
} finally {
  for (const child of children) {
    child.kill();
  }
  await redis?.kill();
  if (webdisDirectory !== undefined) {
    rmSync(webdisDirectory, { recursive: true, force: true });
  }
}

const format = (n: number | undefined): string =>
  n === undefined ? "not measured" : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0);
const ratio = (a: number | undefined, b: number | undefined): string =>
  a === undefined || b === undefined ? "n/a" : (a / b).toFixed(2);
const verdict = (value: number | undefined, target: number): string =>
  value === undefined ? "not measured" : value >= target ? "met" : "NOT met";

const nodeHttp = results["node:http (baseline)"];
const webdis = results["webdis GET (baseline)"];
const embeddedRatio =
  results["embedded GET"] === undefined || nodeHttp === undefined
    ? undefined
    : results["embedded GET"] / nodeHttp;
const proxyRatio =
  results["proxy GET"] === undefined || webdis === undefined
    ? undefined
    : results["proxy GET"] / webdis;
const pipeline = results["embedded /pipeline (commands/s)"];
const markdown = [
  "## Key-value REST over HTTP",
  "",
  `Loopback HTTP/1.1 keep-alive, ${CONNECTIONS} connections with one request in flight each, every server in its own process; median of ${ROUNDS} rounds of ${ROUND_MS} ms. \`/pipeline\` carries ${PIPELINE_COMMANDS} GETs per request.`,
  "",
  "| target | requests/s | ratio to node:http | ratio to webdis |",
  "| --- | ---: | ---: | ---: |",
  ...Object.entries(results).map(
    ([name, rate]) =>
      `| ${name} | ${format(rate)} | ${ratio(rate, nodeHttp)} | ${ratio(rate, webdis)} |`,
  ),
  "",
  `Targets: embedded ≥ 0.9× node:http — ${verdict(embeddedRatio, 0.9)}; proxy ≥ 1.0× webdis — ${verdict(proxyRatio, 1)}; \`/pipeline\` ≥ 300k commands/s — ${verdict(pipeline, 300_000)}.`,
].join("\n");
process.stdout.write(`${JSON.stringify({ markdown })}\n`);

/**
 * wrk as the benchmarks drive it (rest.bench.ts, durable.bench.ts): one request shape per run, one
 * thread, keep-alive connections, and the rate and latency percentiles read off its report.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** One request shape: what wrk sends on every round trip. */
export interface HttpRequest {
  readonly method: string;
  readonly path: string;
  readonly body?: string;
}

export interface WrkRound {
  /** Requests completed in the run. */
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export interface WrkRun {
  readonly port: number;
  readonly request: HttpRequest;
  readonly connections: number;
  readonly durationMs: number;
  /** Sent as `Authorization: Bearer …`. */
  readonly token: string;
  /** Where the run's Lua script is written. */
  readonly scratch: string;
}

/** wrk's Lua script for a request: method, body and headers (wrk sends its own Host). */
function wrkScript(request: HttpRequest, token: string): string {
  const lines = [
    `wrk.method = ${JSON.stringify(request.method)}`,
    `wrk.headers["Authorization"] = "Bearer ${token}"`,
  ];
  if (request.body !== undefined) {
    // JSON string syntax is valid Lua string syntax for these ASCII bodies.
    lines.push(`wrk.body = ${JSON.stringify(request.body)}`);
    lines.push(`wrk.headers["Content-Type"] = "application/json"`);
  }
  return `${lines.join("\n")}\n`;
}

/** wrk prints latencies as `1.23ms`, `850.00us` or `1.02s`. */
function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (match === null) {
    throw new Error(`unexpected wrk latency '${text}'`);
  }
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}

/**
 * One wrk run for `durationMs` (whole seconds, at least one).
 * @throws when wrk saw a non-2xx answer or a socket error, or its report cannot be read.
 */
export async function runWrk(run: WrkRun): Promise<WrkRound> {
  const { request } = run;
  const script = join(run.scratch, `${request.method}-${request.path.replaceAll("/", "_")}.lua`);
  writeFileSync(script, wrkScript(request, run.token));
  const child = spawn(
    "wrk",
    [
      "-t1",
      `-c${run.connections}`,
      `-d${Math.max(1, Math.round(run.durationMs / 1000))}s`,
      "--latency",
      "-s",
      script,
      `http://127.0.0.1:${run.port}${request.path}`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    output += chunk.toString();
  }
  const failures = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  const errors = /Socket errors: (.*)/.exec(output);
  const completed = /^\s*(\d+) requests in /m.exec(output);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p50 = /^\s+50%\s+(\S+)$/m.exec(output);
  const p99 = /^\s+99%\s+(\S+)$/m.exec(output);
  if (
    failures !== null ||
    errors !== null ||
    completed === null ||
    rate === null ||
    p50 === null ||
    p99 === null
  ) {
    throw new Error(`benchmark run failed for ${request.method} ${request.path}:\n${output}`);
  }
  return {
    requests: Number(completed[1]),
    requestsPerSecond: Number(rate[1]),
    p50Ms: milliseconds(p50[1] as string),
    p99Ms: milliseconds(p99[1] as string),
  };
}

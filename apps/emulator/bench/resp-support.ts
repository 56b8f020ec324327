/**
 * What the RESP benchmarks share: the emulator's CLI in a child process (in memory, an open RESP
 * port) and the median of rounds.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The emulator's CLI in a child process, in memory, RESP on a random port; its RESP port. */
export async function startEmulatorProcess(
  options: { readonly execArgv?: readonly string[] } = {},
): Promise<{ port: number; child: ChildProcess }> {
  const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));
  const loader = fileURLToPath(new URL("../test/support/register-ts.mjs", import.meta.url));
  const child = spawn(
    process.execPath,
    [
      ...(options.execArgv ?? []),
      ...["--conditions=@stratus/source", "--import", loader, main],
      ...["--port", "0", "--resp-port", "0", "--json", "--in-memory"],
      // An open port, as redis-server's: AUTH happens once per connection, off the measured path.
      ...["--resp-auth", "none"],
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    output += chunk.toString();
    // Complete lines only: the last piece may be a line still being written.
    const line = output
      .split("\n")
      .slice(0, -1)
      .find((candidate) => candidate.startsWith("{"));
    if (line !== undefined) {
      const address = (JSON.parse(line) as { respAddress: string | null }).respAddress;
      if (address === null) {
        child.kill("SIGTERM");
        throw new Error("the emulator started without its RESP listener");
      }
      return { port: Number(address.slice(address.lastIndexOf(":") + 1)), child };
    }
  }
  throw new Error("the emulator exited before it was ready");
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ): 100 on every Linux Node runs on. */
const USER_HZ = 100;

/**
 * A process's CPU time so far (user + system), in microseconds, from /proc/<pid>/stat; undefined
 * where there is no /proc. Far steadier than throughput on a shared host: a server's CPU time per
 * request barely moves when other processes take turns on the cores.
 */
export function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) {
    return undefined;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are the stat file's fields 14 and 15; `fields` starts at field 3.
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / USER_HZ;
  } catch {
    return undefined;
  }
}

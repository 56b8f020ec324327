/**
 * What a client was told survives SIGKILL with fsync `always`: a child emulator takes concurrent
 * requests over HTTP, is killed mid-stream, and a new emulator on the same data directory must hold
 * every write that was acknowledged (issue: durable storage) and every value a reader saw
 * (hardening issue, point 4: a read that arrives while an earlier write's fsync is in flight is
 * answered only after it, as Redis answers no client before that fsync).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { test } from "vitest";
import { createEmulator, type Emulator } from "../src/index.ts";

const REGISTER_TS = fileURLToPath(new URL("./support/register-ts.mjs", import.meta.url));
const CHILD = fileURLToPath(new URL("./support/emulator-child.mjs", import.meta.url));

const TOKEN = "crash-token";

async function post(url: string, argv: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(argv),
  });
  return response.json();
}

/** A child emulator on `dataDir` with fsync `always`, once it serves. */
async function startChild(
  dataDir: string,
): Promise<{ child: ChildProcess; url: string; exited: Promise<void> }> {
  const child = spawn(
    process.execPath,
    ["--conditions=@stratus/source", "--import", REGISTER_TS, CHILD, dataDir, "always"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as Readable }).once("line", resolve);
    child.once("exit", () => reject(new Error("the emulator child exited before it was ready")));
  });
  const { url } = JSON.parse(firstLine) as { url: string };
  return { child, url, exited };
}

/** A new emulator on the data directory the killed child left. */
function restart(dataDir: string): Promise<Emulator> {
  return createEmulator({ port: 0, respPort: null, dataDir, token: TOKEN, readOnlyToken: "r" });
}

test("every acknowledged write survives SIGKILL with fsync always", { timeout: 60_000 }, async ({
  expect,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), "stratus-crash-"));
  try {
    const { child, url, exited } = await startChild(dataDir);

    // Given eight writers sending INCR and SET, counting what the emulator acknowledged
    const acknowledged = new Map<string, number>();
    let acknowledgedCount = 0;
    let killed = false;
    const writer = async (id: number): Promise<void> => {
      for (let n = 1; !killed; n++) {
        try {
          await post(url, ["SET", `key:${id}:${n}`, `value ${n}`]);
          acknowledged.set(`key:${id}:${n}`, n);
          acknowledgedCount++;
          if (acknowledgedCount >= 400 && !killed) {
            // When the process dies mid-stream
            killed = true;
            child.kill("SIGKILL");
          }
        } catch {
          return; // the connection died with the process: this write was never acknowledged
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, id) => writer(id)));
    await exited;

    // Then a restarted emulator has every acknowledged write
    await using restarted = await restart(dataDir);
    const keys = [...acknowledged.keys()];
    const response = await fetch(`${restarted.url}/pipeline`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify(keys.map((key) => ["GET", key])),
    });
    const values = (await response.json()) as { result: string | null }[];
    const missing = keys.filter(
      (key, index) => values[index]?.result !== `value ${acknowledged.get(key)}`,
    );
    expect(keys.length).toBeGreaterThanOrEqual(400);
    expect(missing).toEqual([]);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test("no value a reader saw is lost to SIGKILL with fsync always", { timeout: 60_000 }, async ({
  expect,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), "stratus-crash-reads-"));
  try {
    const { child, url, exited } = await startChild(dataDir);

    // Given four writers incrementing a counter and four readers reading it
    let increments = 0;
    let highestSeen = 0;
    let killed = false;
    const kill = (): void => {
      killed = true;
      child.kill("SIGKILL");
    };
    const writer = async (): Promise<void> => {
      while (!killed) {
        try {
          await post(url, ["INCR", "counter"]);
        } catch {
          return; // the connection died with the process
        }
        increments++;
        if (increments >= 400 && !killed) {
          // When the process dies mid-stream
          kill();
        }
      }
    };
    const reader = async (): Promise<void> => {
      while (!killed) {
        let value: number;
        try {
          value = Number(((await post(url, ["GET", "counter"])) as { result: unknown }).result);
        } catch {
          return;
        }
        highestSeen = Math.max(highestSeen, value);
        if (value > increments && !killed) {
          // or at once when a reader is ahead of the acknowledged writes: the moment a read
          // answered from memory alone would show a write the crash then loses
          kill();
        }
      }
    };
    await Promise.all([...Array.from({ length: 4 }, writer), ...Array.from({ length: 4 }, reader)]);
    await exited;

    // Then the restarted emulator's counter is at least what any reader saw
    await using restarted = await restart(dataDir);
    const recovered = Number(
      ((await post(restarted.url, ["GET", "counter"])) as { result: unknown }).result,
    );
    expect(highestSeen).toBeGreaterThan(0);
    expect(recovered).toBeGreaterThanOrEqual(highestSeen);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

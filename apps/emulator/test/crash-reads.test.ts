/**
 * What readers saw survives SIGKILL (hardening issue, point 4): with fsync `always` a read that
 * arrives while an earlier write's fsync is in flight is answered only after it, as Redis answers
 * no client before that fsync. Writers INCR a counter while readers GET it; the child emulator is
 * killed mid-stream; the restarted one must hold a value at least as high as any reader saw.
 * Before the fix readers were answered from memory at once and saw values the crash then lost.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { test } from "vitest";
import { createEmulator } from "../src/index.ts";

const REGISTER_TS = fileURLToPath(new URL("./support/register-ts.mjs", import.meta.url));
const CHILD = fileURLToPath(new URL("./support/emulator-child.mjs", import.meta.url));
const TOKEN = "crash-token";

async function post(url: string, argv: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(argv),
  });
  return ((await response.json()) as { result: unknown }).result;
}

test("no value a reader saw is lost to SIGKILL with fsync always", { timeout: 60_000 }, async ({
  expect,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), "stratus-crash-reads-"));
  try {
    const child = spawn(
      process.execPath,
      ["--conditions=@stratus/source", "--import", REGISTER_TS, CHILD, dataDir, "always"],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once("line", resolve);
      child.once("exit", () => reject(new Error("the emulator child exited before it was ready")));
    });
    const { url } = JSON.parse(firstLine) as { url: string };

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
          value = Number(await post(url, ["GET", "counter"]));
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
    await using restarted = await createEmulator({
      port: 0,
      respPort: null,
      dataDir,
      token: TOKEN,
      readOnlyToken: "r",
    });
    const recovered = Number(await post(restarted.url, ["GET", "counter"]));
    expect(highestSeen).toBeGreaterThan(0);
    expect(recovered).toBeGreaterThanOrEqual(highestSeen);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

/**
 * Acknowledged writes survive SIGKILL (issue: durable storage): a child emulator with fsync
 * `always` takes concurrent writes over HTTP; it is killed mid-stream; a new emulator on the same
 * data directory must hold every write that was acknowledged.
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

async function post(url: string, argv: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: "Bearer crash-token" },
    body: JSON.stringify(argv),
  });
  return response.json();
}

test("every acknowledged write survives SIGKILL with fsync always", { timeout: 60_000 }, async ({
  expect,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), "stratus-crash-"));
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
    await using restarted = await createEmulator({
      port: 0,
      respPort: null,
      dataDir,
      token: "crash-token",
      readOnlyToken: "r",
    });
    const keys = [...acknowledged.keys()];
    const response = await fetch(`${restarted.url}/pipeline`, {
      method: "POST",
      headers: { authorization: "Bearer crash-token" },
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

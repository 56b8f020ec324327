import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { describe, test } from "vitest";
import { openStore } from "../../src/storage/store.ts";
import { decodeCrashRecord, decodeCrashState } from "./fixtures/crash-record.ts";
import { createTempDir } from "./fixtures/temp-dir.ts";

const REGISTER_TS = fileURLToPath(new URL("../support/register-ts.mjs", import.meta.url));
const CRASH_CHILD = fileURLToPath(new URL("./fixtures/crash-child.mjs", import.meta.url));

/** Acknowledgements to wait for before the kill: enough for many group commits. */
const ACKNOWLEDGED_BEFORE_KILL = 400;

/**
 * Runs `crash-child.mjs` (the real store, compiled on the fly) until it has acknowledged
 * {@link ACKNOWLEDGED_BEFORE_KILL} records, then SIGKILLs it.
 */
async function runAndKill(input: {
  readonly dataDir: string;
  readonly snapshotEvery: number;
}): Promise<{ acknowledged: Set<number>; exit: unknown }> {
  const argv = ["--import", REGISTER_TS, CRASH_CHILD, input.dataDir, "8", `${input.snapshotEvery}`];
  const child = spawn(process.execPath, argv, { stdio: ["ignore", "pipe", "pipe"] });
  const exited = once(child, "exit");
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const acknowledged = new Set<number>();
  let partialLine = "";
  for await (const chunk of child.stdout.setEncoding("utf8")) {
    const lines = (partialLine + (chunk as string)).split("\n");
    partialLine = lines.pop() ?? "";
    for (const line of lines) {
      acknowledged.add(Number(line));
    }
    if (acknowledged.size >= ACKNOWLEDGED_BEFORE_KILL) {
      child.kill("SIGKILL");
      break;
    }
  }
  const [code, signal] = await exited;
  return { acknowledged, exit: { code, signal, stderr } };
}

describe("a crash under fsync always", () => {
  test.for([
    ["appending", 0],
    ["appending and snapshotting every 50 records", 50],
  ] as const)(
    "SIGKILL while %s loses no acknowledged record",
    // Two Node start-ups, one of them compiling the sources: more than the default 5 s on a slow CI.
    { timeout: 30_000 },
    async ([, snapshotEvery], { expect }) => {
      await using dir = await createTempDir();
      // Given a child process writing from 8 concurrent writers, when it is killed mid-stream
      const { acknowledged, exit } = await runAndKill({ dataDir: dir.path, snapshotEvery });
      expect(exit).toEqual({ code: null, signal: "SIGKILL", stderr: "" });

      // Then reopening finds the snapshot's records followed by the rest, whole and in order
      await using store = await openStore({
        dataDir: dir.path,
        name: "crash",
        onWarning: () => {},
      });
      const { snapshot, records } = await store.load();
      const inSnapshot = decodeCrashState(snapshot);
      const indices = records.map(decodeCrashRecord);
      expect(indices).toEqual(indices.map((_, position) => inSnapshot + position));
      if (snapshotEvery > 0) {
        expect(inSnapshot).toBeGreaterThan(0);
      }
      // and every acknowledged record among them
      const total = inSnapshot + indices.length;
      expect([...acknowledged].filter((index) => index >= total)).toEqual([]);
      expect(total).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    },
  );
});

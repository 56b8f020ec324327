import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "vitest";
import { ManualClock } from "../../engine/index.ts";
import { openPersistentEngine, type PersistentEngine } from "./persistent-engine.ts";

async function open(directory: string, clock: ManualClock): Promise<PersistentEngine> {
  return openPersistentEngine({
    directory,
    fsync: "no",
    clock,
    onInternalError: (error) => {
      throw error;
    },
    onWarning: () => undefined,
    snapshotThresholdBytes: 4096,
  });
}

function run(persistent: PersistentEngine, ...argv: string[]): unknown {
  const session = persistent.engine.createSession({ address: "test:0" });
  try {
    return persistent.engine.execute(argv, session);
  } finally {
    persistent.engine.closeSession(session);
  }
}

describe("persistent engine", () => {
  test("compacts the log into a snapshot and restores from snapshot plus log", async ({
    expect,
  }) => {
    const directory = await mkdtemp(join(tmpdir(), "stratus-engine-"));
    const clock = new ManualClock();
    try {
      // Given enough writes to pass the snapshot threshold several times
      const first = await open(directory, clock);
      for (let i = 0; i < 500; i++) {
        run(first, "SET", `key:${i % 50}`, `value ${i}`);
      }
      run(first, "SET", "ttl", "v", "PX", "1000");
      run(first, "SET", "bytes", "\u0000\u00ff");
      await first.durability.flush();
      expect((await readdir(directory)).some((file) => file.endsWith(".snapshot"))).toBe(true);
      await first.close();

      // When the engine opens again, after the TTL passed
      clock.advance(1000);
      const second = await open(directory, clock);
      // Then every key has its last value, the expired key is gone and bytes survived
      expect(run(second, "GET", "key:7")).toEqual({ kind: "bulk", value: "value 457" });
      expect(run(second, "GET", "ttl")).toEqual({ kind: "null" });
      expect(run(second, "GET", "bytes")).toEqual({ kind: "bulk", value: "\u0000\u00ff" });
      expect(run(second, "DBSIZE")).toEqual({ kind: "integer", value: 51 });
      await second.close();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "vitest";
import { ManualClock } from "../src/engine/clock.ts";
import { type Effect, Engine } from "../src/engine/engine.ts";
import {
  decodeEffects,
  encodeEffects,
  encodeSnapshot,
  loadSnapshot,
  replayEffects,
} from "../src/engine/persistence.ts";
import type { Reply } from "../src/engine/reply.ts";
import { createEmulator } from "../src/index.ts";

async function withDataDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "stratus-persist-"));
  try {
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function command(url: string, token: string, argv: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify(argv),
  });
  return response.json();
}

describe("persistence in a data directory", () => {
  test("acknowledged writes survive a restart, expiry included", async ({ expect }) => {
    await withDataDir(async (dataDir) => {
      const options = {
        port: 0,
        respPort: null,
        dataDir,
        token: "t",
        readOnlyToken: "r",
        fsync: "always" as const,
      };
      {
        await using emulator = await createEmulator(options);
        expect(await command(emulator.url, "t", ["SET", "kept", "v\u00e9"])).toEqual({
          result: "OK",
        });
        expect(await command(emulator.url, "t", ["SET", "gone", "v", "PX", "1"])).toEqual({
          result: "OK",
        });
        expect(await command(emulator.url, "t", ["SET", "later", "v", "EX", "1000"])).toEqual({
          result: "OK",
        });
        expect(await command(emulator.url, "t", ["DEL", "nothing"])).toEqual({ result: 0 });
      }
      await using restarted = await createEmulator(options);
      expect(await command(restarted.url, "t", ["GET", "kept"])).toEqual({ result: "v\u00e9" });
      expect(await command(restarted.url, "t", ["GET", "later"])).toEqual({ result: "v" });
      expect(await command(restarted.url, "t", ["GET", "gone"])).toEqual({ result: null });
    });
  });

  test("a second emulator on the same data directory is refused", async ({ expect }) => {
    await withDataDir(async (dataDir) => {
      await using _first = await createEmulator({ port: 0, respPort: null, dataDir });
      await expect(createEmulator({ port: 0, respPort: null, dataDir })).rejects.toMatchObject({
        code: "ERR_DATA_DIR_LOCKED",
      });
    });
  });
});

/** Writes of every type, with TTLs, field TTLs and stream groups; `round` varies the data. */
function writeEveryType(run: (...argv: string[]) => Reply, round: number): void {
  const n = String(round);
  run("SET", `string${n}`, `value ${n}`, "PX", "100000");
  run("SET", "counter", String(round * 10));
  run("RPUSH", "list", ...Array.from({ length: 30 }, (_, i) => `item-${n}-${i}`));
  run("RPUSH", "biglist", ...Array.from({ length: 400 }, (_, i) => `${"x".repeat(30)}${i}`));
  run("SADD", "intset", "1", "2", n);
  run("SADD", "smallset", "a", "b", `c${n}`);
  run("SADD", "bigset", ...Array.from({ length: 200 }, (_, i) => `m${i}-${n}`));
  run("ZADD", "zset", "1.5", "a", n, "b", "-inf", "c");
  run("ZADD", "bigzset", ...Array.from({ length: 200 }, (_, i) => [String(i / 3), `z${i}`]).flat());
  run("HSET", "hash", "f", n, "g", "text");
  run("HSET", "ttlhash", "f1", "v1", "f2", "v2", "f3", n);
  run("HPEXPIRE", "ttlhash", String(50_000 + round), "FIELDS", "1", "f2");
  run("HSET", "bighash", ...Array.from({ length: 200 }, (_, i) => [`h${i}`, `${i}-${n}`]).flat());
  run("HPEXPIRE", "bighash", "70000", "FIELDS", "2", "h1", "h7");
  run("XADD", "stream", "*", "round", n, "field", "value");
  run("XADD", "stream", "*", "other", "shape");
  if (round === 1) {
    run("XGROUP", "CREATE", "stream", "group", "0");
  }
  run("XREADGROUP", "GROUP", "group", `consumer${n}`, "COUNT", "1", "STREAMS", "stream", ">");
  run("JSON.SET", "json", "$", `{"round":${n},"list":[1,2,3]}`);
  run("PFADD", "hll", "a", "b", n);
  run("GEOADD", "geo", "13.361389", "38.115556", `place${n}`);
}

/** What must survive: per key its DUMP payload, TTL, field TTLs and stream group state. */
function describeKeyspace(engine: Engine): unknown[] {
  const session = engine.createSession({ address: "inspect:0", isStateless: true });
  const run = (...argv: string[]): unknown => engine.execute(argv, session);
  const keys = [...(engine.databases[0]?.keys() ?? [])].sort();
  const state = keys.map((key) => ({
    key,
    dump: run("DUMP", key),
    ttl: run("PTTL", key),
    ...((run("TYPE", key) as { value?: string }).value === "hash"
      ? { fieldTtls: run("HPEXPIRETIME", key, "FIELDS", "3", "f2", "h1", "h7") }
      : {}),
    ...((run("TYPE", key) as { value?: string }).value === "stream"
      ? { groups: run("XINFO", "STREAM", key, "FULL") }
      : {}),
  }));
  engine.closeSession(session);
  return state;
}

describe("snapshots and log replay", () => {
  test("a snapshot plus the log after it restores every type", ({ expect }) => {
    const clock = new ManualClock(1_700_000_000_000);
    const effects: Effect[] = [];
    const engine = new Engine({ clock, onEffects: (unit) => effects.push(...unit) });
    const session = engine.createSession({ address: "test:1" });
    const run = (...argv: string[]): Reply => {
      const result = engine.execute(argv, session);
      if (result.kind === "error" || result.kind === "blocked") {
        throw new Error(`${argv.join(" ")}: ${JSON.stringify(result)}`);
      }
      return result;
    };
    writeEveryType(run, 1);
    const snapshot = encodeSnapshot(engine);
    expect(snapshot, "every type has a DUMP codec").toBeDefined();
    effects.length = 0;
    clock.advance(1000);
    writeEveryType(run, 2);
    const log = decodeEffects(encodeEffects(effects));

    const restored = new Engine({ clock });
    loadSnapshot(restored, snapshot as Uint8Array);
    replayEffects(restored, log);
    const expected = describeKeyspace(engine);
    expect(expected.length).toBeGreaterThanOrEqual(17);
    const entries = expected as { dump: Reply; fieldTtls?: unknown; groups?: unknown }[];
    expect(entries.filter((entry) => entry.dump.kind !== "bulk")).toEqual([]);
    expect(entries.filter((entry) => entry.fieldTtls !== undefined)).toHaveLength(3);
    expect(entries.filter((entry) => entry.groups !== undefined)).toHaveLength(1);
    expect(describeKeyspace(restored)).toEqual(expected);

    // A second generation: the restored engine's own snapshot gives the same keyspace again.
    const again = new Engine({ clock });
    loadSnapshot(again, encodeSnapshot(restored) as Uint8Array);
    expect(describeKeyspace(again)).toEqual(expected);
    engine.close();
    restored.close();
    again.close();
  });
});

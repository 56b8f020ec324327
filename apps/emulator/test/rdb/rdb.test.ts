/**
 * RDB import and export against Debian's redis-server 7.0 (skipped without it): a dump written by
 * redis-server loads into the emulator key for key, and the emulator's export (RDB 10) loads back
 * into redis-server key for key.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis as IORedis } from "ioredis";
import { describe, test } from "vitest";
import { createEmulator, type Emulator } from "../../src/index.ts";
import { RdbFileError } from "../../src/kv/rdb-file.ts";
import { exportRdb, importRdb } from "../../src/kv/rdb-transfer.ts";
import { runRdbCommand } from "../../src/rdb-cli.ts";
import { RedisServer, shouldRunRedisTests } from "../support/redis-server.ts";

/** Every type redis-server 7.0 writes, in both encodings where the size decides, in two DBs. */
async function fill(redis: IORedis): Promise<void> {
  await redis.set("s:int", "12345");
  await redis.set("s:short", "hello");
  await redis.set("s:long", "abc".repeat(100));
  await redis.set("s:ttl", "soon", "PX", 3_600_000);
  await redis.rpush("l:small", "a", "b", "3");
  await redis.rpush("l:big", ...Array.from({ length: 300 }, (_, i) => `item-${i}`));
  await redis.sadd("set:int", 1, 2, 3);
  await redis.sadd("set:str", "x", "y", "z");
  await redis.sadd("set:big", ...Array.from({ length: 200 }, (_, i) => `m${i}`));
  await redis.zadd("z:small", 1, "a", 2.5, "b");
  await redis.zadd("z:big", ...Array.from({ length: 200 }, (_, i) => [i / 3, `m${i}`]).flat());
  await redis.hset("h:small", "f", "v", "n", "1");
  await redis.hset(
    "h:big",
    Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`f${i}`, `v${i}`])),
  );
  await redis.select(3);
  await redis.set("in-db-3", "three");
  await redis.select(0);
}

const withStream = async (redis: IORedis): Promise<void> => {
  await redis.xadd("stream", "1-1", "a", "1");
  await redis.xadd("stream", "2-1", "b", "2");
};

/** Every key of every database with its type, contents and whether it has a TTL. */
async function snapshot(redis: IORedis): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  for (const db of [0, 3]) {
    await redis.select(db);
    for (const key of (await redis.keys("*")).sort()) {
      const type = await redis.type(key);
      const contents =
        type === "string"
          ? await redis.get(key)
          : type === "list"
            ? await redis.lrange(key, 0, -1)
            : type === "set"
              ? (await redis.smembers(key)).sort()
              : type === "zset"
                ? // Scores as numbers: Redis 7.0 prints %.17g, 7.2+ and the engine the shortest form.
                  (await redis.zrange(key, 0, -1, "WITHSCORES")).map((item, i) =>
                    i % 2 === 1 ? Number(item) : item,
                  )
                : type === "hash"
                  ? await redis.hgetall(key)
                  : type === "stream"
                    ? await redis.xrange(key, "-", "+")
                    : type;
      result[`${db}:${key}`] = { type, contents, hasTtl: (await redis.pttl(key)) > 0 };
    }
  }
  await redis.select(0);
  return result;
}

/** Every key of the RDB file `dir/file` as redis-server 7.0 loads it. */
async function loadedByRedis(dir: string, file: string): Promise<Record<string, unknown>> {
  await using server = await RedisServer.start({ args: ["--dir", dir, "--dbfilename", file] });
  const loaded = new IORedis({ port: server.port, lazyConnect: true });
  await loaded.connect();
  try {
    return await snapshot(loaded);
  } finally {
    loaded.disconnect();
  }
}

async function startEmulator(): Promise<{ emulator: Emulator; client: IORedis }> {
  const emulator = await createEmulator({ port: 0, respPort: 0 });
  const client = new IORedis(emulator.redisUrl ?? "", { lazyConnect: true });
  await client.connect();
  return { emulator, client };
}

const backendOf = (emulator: Emulator) => {
  const database = emulator.databases.get("default");
  if (database === undefined) {
    throw new Error("no default database");
  }
  return database.backend;
};

describe.skipIf(!shouldRunRedisTests())("RDB with redis-server 7.0", () => {
  test("redis-server's dump → emulator → RDB 10 → redis-server, key for key", async ({
    expect,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), "stratus-rdb-"));
    try {
      await using source = await RedisServer.start({
        args: ["--dir", dir, "--dbfilename", "in.rdb"],
      });
      const redis = new IORedis({ port: source.port, lazyConnect: true });
      await redis.connect();
      await fill(redis);
      await withStream(redis);
      await redis.save();
      const expected = await snapshot(redis);
      redis.disconnect();

      // Import: every key, type, value and TTL, stream included.
      const { emulator, client } = await startEmulator();
      try {
        const progress: number[] = [];
        const count = await importRdb(
          backendOf(emulator),
          readFileSync(join(dir, "in.rdb")),
          ({ done }) => progress.push(done),
        );
        expect(count).toBe(Object.keys(expected).length);
        expect(progress.at(-1)).toBe(count);
        expect(await snapshot(client)).toEqual(expected);

        // Export for Redis 7.0: streams need RDB 12, which 7.0 cannot read, and say so.
        await expect(exportRdb(backendOf(emulator), { version: 10 })).rejects.toThrow(
          /key "stream".*needs RDB 12/,
        );
        await client.del("stream");
        const exported = await exportRdb(backendOf(emulator), { version: 10 });
        writeFileSync(join(dir, "out.rdb"), exported);
      } finally {
        client.disconnect();
        await emulator.close();
      }
      const { "0:stream": _stream, ...withoutStream } = expected;
      expect(await loadedByRedis(dir, "out.rdb")).toEqual(withoutStream);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a corrupt or truncated file names the offset and loads nothing", async ({ expect }) => {
    const dir = mkdtempSync(join(tmpdir(), "stratus-rdb-"));
    try {
      await using source = await RedisServer.start({
        args: ["--dir", dir, "--dbfilename", "in.rdb"],
      });
      const redis = new IORedis({ port: source.port, lazyConnect: true });
      await redis.connect();
      await fill(redis);
      await redis.save();
      redis.disconnect();
      const good = readFileSync(join(dir, "in.rdb"));
      const { emulator, client } = await startEmulator();
      try {
        const flipped = Buffer.from(good);
        flipped.writeUInt8(
          (flipped.readUInt8(flipped.length - 20) ^ 0xff) & 0xff,
          flipped.length - 20,
        );
        await expect(importRdb(backendOf(emulator), flipped)).rejects.toThrow(RdbFileError);
        await expect(
          importRdb(backendOf(emulator), good.subarray(0, good.length - 40)),
        ).rejects.toThrow(/RDB file, offset \d+: /);
        await expect(importRdb(backendOf(emulator), Buffer.from("GIF89a"))).rejects.toThrow(
          /offset 0: not an RDB file/,
        );
        expect(await client.dbsize()).toBe(0);
      } finally {
        client.disconnect();
        await emulator.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the CLI: import into and export out of a data directory; --import at start", async ({
    expect,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), "stratus-rdb-"));
    try {
      await using source = await RedisServer.start({
        args: ["--dir", dir, "--dbfilename", "in.rdb"],
      });
      const redis = new IORedis({ port: source.port, lazyConnect: true });
      await redis.connect();
      await fill(redis);
      await redis.save();
      const expected = await snapshot(redis);
      redis.disconnect();
      const dataDir = join(dir, "data");
      const imported = await runRdbCommand(["import", join(dir, "in.rdb"), "--data-dir", dataDir]);
      expect(imported).toBe(
        `imported ${Object.keys(expected).length} keys from ${join(dir, "in.rdb")} into "default"\n`,
      );
      const out = join(dir, "out.rdb");
      expect(
        await runRdbCommand([
          "export",
          "--database",
          "default",
          out,
          "--data-dir",
          dataDir,
          "--rdb-version",
          "10",
        ]),
      ).toMatch(/^exported "default" to .*out\.rdb \(RDB 10, \d+ bytes\)/);
      await expect(
        runRdbCommand(["export", out, "--data-dir", dataDir, "--database", "nope"]),
      ).rejects.toThrow(/no database named "nope"/);
      // Persisted by the import: a new emulator on the directory serves the keys.
      const emulator = await createEmulator({ port: 0, respPort: 0, dataDir });
      const client = new IORedis(emulator.redisUrl ?? "", { lazyConnect: true });
      await client.connect();
      try {
        expect(await snapshot(client)).toEqual(expected);
      } finally {
        client.disconnect();
        await emulator.close();
      }
      // --import at start, in memory.
      const started = await createEmulator({ port: 0, respPort: null, importFile: out });
      try {
        expect(await started.databases.get("default")?.backend.keyCount()).toBe(
          Object.keys(expected).length,
        );
      } finally {
        await started.close();
      }
      expect(await loadedByRedis(dir, "out.rdb")).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("SAVE and BGSAVE over RESP write dir/dbfilename, which redis-server loads key for key", async ({
    expect,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), "stratus-rdb-"));
    try {
      const emulator = await createEmulator({ port: 0, respPort: 0, dataDir: join(dir, "data") });
      const client = new IORedis(emulator.redisUrl ?? "", { lazyConnect: true });
      await client.connect();
      let expected: Record<string, unknown>;
      let saved: string;
      try {
        await fill(client);
        expect(await client.save()).toBe("OK");
        const lastSave = await client.lastsave();
        const [, kvDir = ""] = (await client.config("GET", "dir")) as string[];
        expect(await client.config("GET", "dbfilename")).toEqual(["dbfilename", "dump.rdb"]);
        saved = join(kvDir, "dump.rdb");
        // RDB 10 while every value fits it: what Redis 7.0 reads.
        expect(readFileSync(saved).subarray(0, 9).toString("latin1")).toBe("REDIS0010");
        expect(await client.lastsave()).toBeGreaterThanOrEqual(lastSave);
        expected = await snapshot(client);
        // A stream needs RDB 12; BGSAVE writes it, then the stream goes for the 7.0 check.
        await withStream(client);
        expect(await client.bgsave()).toBe("Background saving started");
        expect(readFileSync(saved).subarray(0, 9).toString("latin1")).toBe("REDIS0012");
        await client.del("stream");
        expect(await client.save()).toBe("OK");
      } finally {
        client.disconnect();
        await emulator.close();
      }
      expect(await loadedByRedis(join(saved, ".."), "dump.rdb")).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Stream indexes (the service's "Searching Streams" page): `createIndex({ dataType: "stream" })` of
 * `@upstash/redis` binds an index to one stream key, each entry is a document found by its entry
 * ID, and the index follows XADD, XDEL, XTRIM and the key's deletion.
 */
import { s } from "@upstash/redis";
import { describe, test } from "vitest";
import { startSearchEmulator } from "./fixtures.ts";

const schema = s.object({
  message: s.string(),
  service: s.keyword(),
  severity: s.number("U64"),
});

describe("stream indexes", () => {
  test("entries are documents: query, SELECT, XDEL, XTRIM, DEL, describe and one index a stream", async ({
    expect,
  }) => {
    await using server = await startSearchEmulator();
    const { redis } = server;
    // The stream need not exist when the index is created.
    const events = await redis.search.createIndex({
      name: "events",
      dataType: "stream",
      stream: "events",
      schema,
    });
    await redis.xadd("events", "1-0", {
      message: "disk full on db host",
      service: "db",
      severity: 3,
    });
    await redis.xadd("events", "2-0", { message: "request timeout", service: "api", severity: 2 });
    await redis.xadd("events", "3-0", { message: "disk almost full", service: "api", severity: 1 });
    await redis.xadd("other", "1-0", { message: "disk", service: "db", severity: 9 });

    const hits = await events.query({ filter: { message: "disk" } });
    expect(hits?.map((hit) => hit.key).sort()).toEqual(["1-0", "3-0"]);
    expect(hits?.find((hit) => hit.key === "1-0")?.data).toEqual({
      message: "disk full on db host",
      service: "db",
      // The wire value is the string "3"; the SDK's automatic deserialization makes it a number.
      severity: 3,
    });
    expect(
      await events.query({
        filter: { $must: [{ service: "api" }, { severity: { $gte: 2 } }] },
        select: { message: true },
      }),
    ).toEqual([{ key: "2-0", score: expect.any(Number), data: { message: "request timeout" } }]);
    expect(await events.count({ filter: { service: "api" } })).toEqual({ count: 2 });
    expect((await events.describe())?.dataType).toBe("stream");

    await redis.xdel("events", "1-0");
    expect(await events.count({ filter: { message: "disk" } })).toEqual({ count: 1 });
    await redis.xtrim("events", { strategy: "MAXLEN", threshold: 1, exactness: "=" });
    expect((await events.query({ filter: {} }))?.map((hit) => hit.key)).toEqual(["3-0"]);
    await redis.del("events");
    expect(await events.count({ filter: {} })).toEqual({ count: 0 });

    await expect(
      redis.search.createIndex({ name: "events2", dataType: "stream", stream: "events", schema }),
    ).rejects.toThrow("ERR Stream events is already indexed by events");
    await expect(
      redis.exec([
        "SEARCH.CREATE",
        "x",
        "ON",
        "STREAM",
        "s",
        "PREFIX",
        "1",
        "a",
        "SCHEMA",
        "m",
        "TEXT",
      ]),
    ).rejects.toThrow("PREFIX is not supported for STREAM indexes");
  });

  test("a stream index is rebuilt from the stream after a restart", async ({ expect }) => {
    const { mkdtemp, rm } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dataDir = await mkdtemp(join(tmpdir(), "stratus-search-stream-"));
    try {
      {
        await using server = await startSearchEmulator({ dataDir });
        await server.redis.search.createIndex({
          name: "events",
          dataType: "stream",
          stream: "events",
          schema,
        });
        await server.redis.xadd("events", "5-0", {
          message: "cache miss",
          service: "web",
          severity: 1,
        });
      }
      await using again = await startSearchEmulator({ dataDir });
      const hits = await again.redis.search.index({ name: "events", schema }).query({
        filter: { message: "cache" },
      });
      expect(hits?.map((hit) => hit.key)).toEqual(["5-0"]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

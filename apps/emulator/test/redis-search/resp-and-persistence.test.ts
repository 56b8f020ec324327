/**
 * SEARCH.* over RESP with ioredis (raw commands: there is no search client for ioredis on npm),
 * the proxy backend's refusal, and index definitions surviving a restart with the data directory.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "@upstash/redis";
import { test } from "vitest";
import { createEmulator } from "../../src/emulator.ts";
import { statelessRefusal } from "../../src/kv/redis-proxy/stateless-guard.ts";
import { startSearchEmulator, TOKEN } from "./fixtures.ts";

test("raw SEARCH.* commands over RESP, in MULTI too", async ({ expect }) => {
  await using server = await startSearchEmulator();
  const client = server.resp();
  await client.call(
    "JSON.SET",
    "book:1",
    "$",
    JSON.stringify({ title: "The Art of Computer Programming", year: 1968 }),
  );
  await client.call(
    "JSON.SET",
    "book:2",
    "$",
    JSON.stringify({ title: "Programming Pearls", year: 1986 }),
  );
  expect(
    await client.call(
      "search.create",
      "books",
      "on",
      "json",
      "prefix",
      "1",
      "book:",
      "schema",
      "title",
      "text",
      "year",
      "u64",
      "fast",
    ),
  ).toBe(1);
  expect(
    await client.call("SEARCH.QUERY", "books", '{"title":"programming"}', "ORDERBY", "year", "ASC"),
  ).toEqual([
    ["book:1", "1968", [["$", '{"title":"The Art of Computer Programming","year":1968}']]],
    ["book:2", "1986", [["$", '{"title":"Programming Pearls","year":1986}']]],
  ]);
  expect(await client.call("SEARCH.COUNT", "books", '{"year":{"$gt":1970}}')).toBe(1);
  expect(
    await client.call("SEARCH.AGGREGATE", "books", "{}", '{"n":{"$sum":{"field":"year"}}}'),
  ).toEqual(["n", ["value", "3954"]]);
  expect(await client.call("SEARCH.DESCRIBE", "nope")).toBeNull();
  expect(await client.call("SEARCH.LISTINDEXES", "MATCH", "b*")).toEqual([
    ["name", "books", "type", "JSON"],
  ]);
  expect(await client.call("SEARCH.LISTINDEXES", "MATCH", "x*")).toEqual([]);
  const replies = await client
    .multi()
    .call("JSON.SET", "book:3", "$", '{"title":"Programming Rust","year":2017}')
    .call("SEARCH.QUERY", "books", '{"title":"rust"}', "NOCONTENT")
    .call("SEARCH.QUERY", "books", '{"title":"rust"}')
    .exec();
  expect(replies?.[1]?.[1]).toEqual([["book:3", expect.any(String)]]);
  expect(String(replies?.[2]?.[0])).toContain("requires NOCONTENT");
});

test("the proxy backend refuses SEARCH.* with a clear error", ({ expect }) => {
  expect(statelessRefusal(["SEARCH.QUERY", "i", "{}"], false)).toMatch(
    /^ERR SEARCH\.QUERY needs the embedded engine/,
  );
  expect(statelessRefusal(["search.create", "i"], true)).toMatch(/--redis-url/);
  expect(statelessRefusal(["GET", "k"], false)).toBeUndefined();
});

test("index definitions and aliases survive a restart; contents are rebuilt", async ({
  expect,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), "stratus-search-"));
  try {
    const options = { port: 0, respPort: null, dataDir, token: TOKEN, fsync: "always" as const };
    const sdk = (url: string) => new Redis({ url, token: TOKEN, enableAutoPipelining: false });
    {
      await using emulator = await createEmulator(options);
      const redis = sdk(emulator.url);
      await redis.hset("city:1", { name: "Berlin", population: "3850000" });
      await redis.exec([
        "SEARCH.CREATE",
        "cities",
        "ON",
        "HASH",
        "PREFIX",
        "1",
        "city:",
        "SCHEMA",
        "name",
        "TEXT",
        "population",
        "U64",
        "FAST",
      ]);
      await redis.search.alias.add({ indexName: "cities", alias: "places" });
      await redis.hset("city:2", { name: "Bern", population: "134000" });
    }
    {
      // A clean shutdown compacts into a snapshot: the definitions travel in it.
      await using emulator = await createEmulator(options);
      const places = sdk(emulator.url).search.index({ name: "places" });
      expect((await places.describe())?.schema).toEqual({
        name: { type: "TEXT" },
        population: { type: "U64", fast: true },
      });
      const hits = await places.query({ filter: { population: { $gt: 1000000 } } });
      expect(hits?.map((hit) => hit.key)).toEqual(["city:1"]);
      await sdk(emulator.url).exec(["SEARCH.DROP", "cities"]);
    }
    await using emulator = await createEmulator(options);
    expect(await sdk(emulator.url).exec(["SEARCH.LISTINDEXES"])).toEqual([]);
    expect(await sdk(emulator.url).search.alias.list()).toEqual({ places: "cities" });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

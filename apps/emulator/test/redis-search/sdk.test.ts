/**
 * `redis.search` of `@upstash/redis` (1.39, unmodified) against the emulator over REST: every field
 * type, the query operators, paging, ordering, SELECT, HIGHLIGHT, SCOREFUNC, aggregations, aliases,
 * and indexes following writes (redis-search.md).
 */
import { s } from "@upstash/redis";
import { describe, test } from "vitest";
import { ManualClock } from "../../src/engine/clock.ts";
import { type SearchEmulator, startSearchEmulator } from "./fixtures.ts";

const PRODUCTS = [
  {
    name: "Wireless Headphones",
    description: "Noise cancelling wireless headphones with deep bass",
    price: 199.99,
    stock: 12,
    rating: -1,
    inStock: true,
    released: "2024-03-01T00:00:00Z",
    brand: "Sonic",
    category: "/electronics/audio",
    meta: { sku: "SKU-100-BLK" },
  },
  {
    name: "Running Shoes",
    description: "Lightweight running shoes for long runs",
    price: 89.5,
    stock: 0,
    rating: 4,
    inStock: false,
    released: "2023-06-15T00:00:00Z",
    brand: "Stride",
    category: "/sports/footwear",
    meta: { sku: "SKU-200-RED" },
  },
  {
    name: "Bluetooth Speaker",
    description: "Portable wireless speaker, waterproof",
    price: 49.99,
    stock: 30,
    rating: 5,
    inStock: true,
    released: "2024-11-20T00:00:00Z",
    brand: "Sonic",
    category: "/electronics/audio",
    meta: { sku: "SKU-300-BLU" },
  },
  {
    name: "Trail Running Jacket",
    description: "Waterproof jacket for running in the rain",
    price: 120,
    stock: 5,
    rating: 3,
    inStock: true,
    released: "2022-01-10T00:00:00Z",
    brand: "Stride",
    category: "/sports/apparel",
    meta: { sku: "SKU-400-GRN" },
  },
];

const FIRST = PRODUCTS[0] as (typeof PRODUCTS)[number];

const schema = s.object({
  name: s.string(),
  description: s.string(),
  exact: s.string().noStem().from("description"),
  price: s.number("F64"),
  stock: s.number("U64"),
  rating: s.number("I64"),
  inStock: s.boolean().fast(),
  released: s.date().fast(),
  brand: s.keyword(),
  category: s.facet(),
  meta: s.object({ sku: s.string().noTokenize() }),
});

async function seeded(server: SearchEmulator) {
  const { redis } = server;
  for (const [i, product] of PRODUCTS.entries()) {
    await redis.json.set(`product:${i + 1}`, "$", product);
  }
  await redis.json.set("other:1", "$", FIRST);
  return redis.search.createIndex({
    name: "products",
    dataType: "json",
    prefix: "product:",
    schema,
  });
}

function keys(results: readonly { key: string }[] | null): string[] {
  return (results ?? []).map((result) => result.key);
}

describe("redis.search over REST", () => {
  test("createIndex, describe, EXISTSOK, duplicates and drop", async ({ expect }) => {
    await using server = await startSearchEmulator();
    const index = await seeded(server);
    expect(await index.describe()).toEqual({
      name: "products",
      dataType: "json",
      prefixes: ["product:"],
      language: "english",
      schema: {
        name: { type: "TEXT" },
        description: { type: "TEXT" },
        exact: { type: "TEXT", noStem: true, from: "description" },
        price: { type: "F64", fast: true },
        stock: { type: "U64", fast: true },
        rating: { type: "I64", fast: true },
        inStock: { type: "BOOL", fast: true },
        released: { type: "DATE", fast: true },
        brand: { type: "KEYWORD" },
        category: { type: "FACET" },
        "meta.sku": { type: "TEXT", noTokenize: true },
      },
    });
    const { redis } = server;
    await expect(
      redis.search.createIndex({ name: "products", dataType: "json", prefix: "product:", schema }),
    ).rejects.toThrow("Index products already exists");
    await expect(
      redis.exec([
        "SEARCH.CREATE",
        "products",
        "EXISTSOK",
        "ON",
        "JSON",
        "PREFIX",
        "1",
        "product:",
        "SCHEMA",
        "name",
        "TEXT",
      ]),
    ).rejects.toThrow("different definition");
    await expect(
      redis.exec([
        "SEARCH.CREATE",
        "x",
        "ON",
        "JSON",
        "PREFIX",
        "2",
        "a:",
        "a:b:",
        "SCHEMA",
        "n",
        "TEXT",
      ]),
    ).rejects.toThrow("overlaps");
    await expect(
      redis.exec([
        "SEARCH.CREATE",
        "x",
        "ON",
        "JSON",
        "PREFIX",
        "1",
        "a:",
        "SCHEMA",
        "n",
        "VECTOR",
      ]),
    ).rejects.toThrow("Unknown field type VECTOR");
    expect(await redis.exec(["SEARCH.LISTINDEXES"])).toEqual([
      ["name", "products", "type", "JSON"],
    ]);
    expect(await index.drop()).toBe(1);
    expect(await index.drop()).toBe(0);
    expect(await index.describe()).toBeNull();
    expect(await index.query({ filter: {} })).toBeNull();
    expect(await index.count({ filter: {} })).toEqual({ count: -1 });
    expect(await redis.json.get("product:1")).not.toBeNull();
  });

  test("identical EXISTSOK answers 0", async ({ expect }) => {
    await using server = await startSearchEmulator();
    const argv = ["SEARCH.CREATE", "i", "ON", "HASH", "PREFIX", "1", "h:", "SCHEMA", "t", "TEXT"];
    expect(await server.redis.exec(argv as [string, ...string[]])).toBe(1);
    expect(
      await server.redis.exec([...argv.slice(0, 2), "EXISTSOK", ...argv.slice(2)] as [
        string,
        ...string[],
      ]),
    ).toBe(0);
  });

  test("text matching: smart, $eq, $phrase, $fuzzy, $regex, stemming, NOSTEM, NOTOKENIZE", async ({
    expect,
  }) => {
    await using server = await startSearchEmulator();
    const index = await seeded(server);
    const q = async (filter: object) => keys(await index.query({ filter: filter as never }));
    // BM25: the same term frequency in a shorter field ranks higher.
    expect(await q({ description: "wireless" })).toEqual(["product:3", "product:1"]);
    // Stemming: "runs" and "running" are one term; NOSTEM keeps them apart.
    expect((await q({ description: "run" })).sort()).toEqual(["product:2", "product:4"]);
    expect(await q({ exact: { $eq: "runs" } })).toEqual(["product:2"]);
    expect(await q({ description: { $phrase: "running shoes" } })).toEqual(["product:2"]);
    expect(await q({ description: { $phrase: { value: "jacket running", slop: 0 } } })).toEqual([]);
    expect(await q({ description: { $phrase: { value: "jacket running", slop: 1 } } })).toEqual([
      "product:4",
    ]);
    expect(await q({ description: { $phrase: { value: "portable wire", prefix: true } } })).toEqual(
      ["product:3"],
    );
    expect(await q({ description: { $eq: '"deep bass"' } })).toEqual(["product:1"]);
    expect(await q({ name: { $fuzzy: "speakr" } })).toEqual(["product:3"]);
    expect(await q({ name: { $fuzzy: { value: "spaekr", distance: 2 } } })).toEqual(["product:3"]);
    expect(await q({ name: { $fuzzy: { value: "spek", prefix: true } } })).toEqual(["product:3"]);
    expect(await q({ name: { $regex: "blue.*" } })).toEqual(["product:3"]);
    expect(await q({ "meta.sku": "sku-300-blu" })).toEqual(["product:3"]);
    // NOTOKENIZE: the whole value is one term, so a part of it is no exact match.
    expect(await q({ "meta.sku": { $eq: "sku" } })).toEqual([]);
    // Smart matching: a typo still matches, a quoted value only as a phrase.
    expect(await q({ name: "speakerr" })).toEqual(["product:3"]);
    expect(await q({ description: '"shoes running"' })).toEqual([]);
    await expect(q({ name: { $not: "x" } })).rejects.toThrow("Unknown field operator: $not");
    await expect(q({ missing: "x" })).rejects.toThrow("Unknown field: missing");
  });

  test("numbers, dates, booleans, keywords, facets and boolean composition", async ({ expect }) => {
    await using server = await startSearchEmulator();
    const index = await seeded(server);
    const q = async (filter: object) => keys(await index.query({ filter: filter as never })).sort();
    expect(await q({ price: { $gte: 50, $lte: 150 } })).toEqual(["product:2", "product:4"]);
    expect(await q({ price: { $gt: 49.99, $ne: 199.99 } })).toEqual(["product:2", "product:4"]);
    expect(await q({ stock: 0 })).toEqual(["product:2"]);
    expect(await q({ rating: { $lt: 0 } })).toEqual(["product:1"]);
    expect(await q({ inStock: false })).toEqual(["product:2"]);
    expect(await q({ released: { $gte: "2024-01-01T00:00:00Z" } })).toEqual([
      "product:1",
      "product:3",
    ]);
    expect(await q({ brand: "Sonic" })).toEqual(["product:1", "product:3"]);
    expect(await q({ brand: "sonic" })).toEqual([]);
    expect(await q({ brand: { $in: ["Stride", "Nope"] } })).toEqual(["product:2", "product:4"]);
    expect(await q({ category: "/electronics" })).toEqual(["product:1", "product:3"]);
    expect(await q({ category: { $eq: "/sports/apparel" } })).toEqual(["product:4"]);
    expect(await q({ $must: { description: "waterproof" }, $mustNot: { brand: "Sonic" } })).toEqual(
      ["product:4"],
    );
    expect(await q({ $should: [{ brand: "Stride" }, { price: { $lt: 50 } }] })).toEqual([
      "product:2",
      "product:3",
      "product:4",
    ]);
    expect(await q({ $mustNot: { brand: "Sonic" } })).toEqual([]);
    expect(await q({ price: { $ne: 89.5 } })).toEqual([]);
    expect(await q({})).toEqual(["product:1", "product:2", "product:3", "product:4"]);
    expect(await index.count({ filter: { brand: "Sonic", inStock: true } })).toEqual({ count: 2 });
    // $should beside $must only ranks: the boosted clause decides the order.
    const ranked = await index.query({
      filter: {
        $must: { description: "waterproof" },
        $should: { brand: "Stride", $boost: 10 },
      } as never,
    });
    expect(keys(ranked)).toEqual(["product:4", "product:3"]);
  });

  test("paging, ORDERBY, SELECT, NOCONTENT, HIGHLIGHT and SCOREFUNC", async ({ expect }) => {
    await using server = await startSearchEmulator();
    const index = await seeded(server);
    const byPrice = await index.query({
      filter: {},
      orderBy: { price: "ASC" },
      limit: 2,
      offset: 1,
    });
    expect(byPrice?.map((hit) => [hit.key, hit.score])).toEqual([
      ["product:2", 89.5],
      ["product:4", 120],
    ]);
    const desc = await index.query({ filter: {}, orderBy: { price: "DESC" }, limit: 1 });
    expect(desc?.[0]?.data).toEqual(FIRST);
    const selected = await index.query({
      filter: { brand: "Stride" },
      orderBy: { stock: "DESC" },
      select: { name: true, "meta.sku": true },
    });
    expect(selected?.map((hit) => hit.data)).toEqual([
      { name: "Trail Running Jacket", meta: { sku: "SKU-400-GRN" } },
      { name: "Running Shoes", meta: { sku: "SKU-200-RED" } },
    ]);
    const bare = await index.query({ filter: { brand: "Stride" }, select: {} });
    expect(bare?.map((hit) => Object.keys(hit).sort())).toEqual([
      ["key", "score"],
      ["key", "score"],
    ]);
    const marked = await index.query({
      filter: { description: "waterproof" },
      highlight: { fields: ["description"], preTag: "[", postTag: "]" },
      select: { description: true },
    });
    expect(marked?.map((hit) => hit.data)).toEqual([
      { description: "Portable wireless speaker, [waterproof]" },
      { description: "[Waterproof] jacket for running in the rain" },
    ]);
    const boosted = await index.query({
      filter: { brand: "Sonic" },
      scoreFunc: { field: "stock", modifier: "log1p", scoreMode: "replace" },
    });
    expect(boosted?.map((hit) => [hit.key, hit.score])).toEqual([
      ["product:3", Math.log10(31)],
      ["product:1", Math.log10(13)],
    ]);
    const combined = await index.query({
      filter: { brand: "Sonic" },
      scoreFunc: {
        fields: [{ field: "price" }, { field: "rating", modifier: "sqrt", missing: 4 }],
        combineMode: "multiply",
        scoreMode: "replace",
      },
    });
    // rating -1 is invalid under sqrt: MISSING 4 is used, sqrt(4) = 2.
    expect(combined?.map((hit) => [hit.key, hit.score])).toEqual([
      ["product:1", 199.99 * 2],
      ["product:3", 49.99 * Math.sqrt(5)],
    ]);
    const { redis } = server;
    await expect(
      redis.exec(["SEARCH.QUERY", "products", "{}", "LIMIT", "0", "10"]),
    ).rejects.toThrow("limit should be a positive number less than 1000");
    await expect(
      redis.exec(["SEARCH.QUERY", "products", "{}", "ORDERBY", "name", "ASC"]),
    ).rejects.toThrow("FAST");
    await expect(
      redis.exec(["SEARCH.QUERY", "products", "{}", "NOCONTENT", "SELECT", "1", "name"]),
    ).rejects.toThrow("NOCONTENT");
  });

  test("aggregations with their result shapes", async ({ expect }) => {
    await using server = await startSearchEmulator();
    const index = await seeded(server);
    const result = await index.aggregate({
      filter: { inStock: true },
      aggregations: {
        avgPrice: { $avg: { field: "price" } },
        priceStats: { $stats: { field: "price" } },
        brands: { $terms: { field: "brand" }, $aggs: { maxPrice: { $max: { field: "price" } } } },
        ranges: { $range: { field: "price", ranges: [{ to: 100 }, { from: 100 }] } },
        hist: { $histogram: { field: "stock", interval: 10 } },
        p: { $percentiles: { field: "price", percents: [50] } },
        cats: { $facet: { field: "category", path: "/", depth: 2 } },
      } as never,
    });
    expect(result).toEqual({
      avgPrice: { value: (199.99 + 49.99 + 120) / 3 },
      priceStats: {
        count: 3,
        min: 49.99,
        max: 199.99,
        sum: 199.99 + 49.99 + 120,
        avg: (199.99 + 49.99 + 120) / 3,
      },
      brands: {
        buckets: [
          { key: "Sonic", docCount: 2, maxPrice: { value: 199.99 } },
          { key: "Stride", docCount: 1, maxPrice: { value: 120 } },
        ],
        sumOtherDocCount: 0,
        docCountErrorUpperBound: 0,
      },
      ranges: {
        buckets: [
          { key: "*-100", docCount: 1, to: 100 },
          { key: "100-*", docCount: 2, from: 100 },
        ],
      },
      hist: {
        buckets: [
          { key: 0, docCount: 1 },
          { key: 10, docCount: 1 },
          { key: 20, docCount: 0 },
          { key: 30, docCount: 1 },
        ],
      },
      p: { values: { "50.0": 120 } },
      cats: {
        path: "/",
        sumOtherDocCount: 0,
        children: [
          {
            path: "/electronics",
            docCount: 2,
            sumOtherDocCount: 0,
            children: [{ path: "/electronics/audio", docCount: 2 }],
          },
          {
            path: "/sports",
            docCount: 1,
            sumOtherDocCount: 0,
            children: [{ path: "/sports/apparel", docCount: 1 }],
          },
        ],
      },
    });
    await expect(
      index.aggregate({ aggregations: { x: { $avg: { field: "brand" } } } as never }),
    ).rejects.toThrow("requires field to be FAST");
    await expect(index.aggregate({ aggregations: { x: 1 } as never })).rejects.toThrow(
      "Aggregation 'x' must be a JSON object",
    );
  });

  test("aliases resolve everywhere but DROP", async ({ expect }) => {
    await using server = await startSearchEmulator();
    await seeded(server);
    const { redis } = server;
    expect(await redis.search.alias.add({ indexName: "products", alias: "shop" })).toBe(1);
    expect(await redis.search.alias.add({ indexName: "products", alias: "shop" })).toBe(2);
    expect(await redis.search.alias.list()).toEqual({ shop: "products" });
    const viaAlias = redis.search.index({ name: "shop" });
    expect((await viaAlias.describe())?.name).toBe("products");
    expect(await viaAlias.count({ filter: { brand: "Sonic" } })).toEqual({ count: 2 });
    expect(await viaAlias.waitIndexing()).toBe(1);
    expect(await viaAlias.drop()).toBe(0);
    expect(await redis.search.alias.delete({ alias: "shop" })).toBe(1);
    expect(await redis.search.alias.delete({ alias: "shop" })).toBe(0);
    expect(await redis.search.alias.list()).toEqual({});
  });

  test("indexes follow writes: updates, deletes, renames, hashes, strings, transactions, scripts, flush", async ({
    expect,
  }) => {
    await using server = await startSearchEmulator();
    const index = await seeded(server);
    const { redis } = server;
    const count = async (filter: object) => (await index.count({ filter: filter as never })).count;
    await redis.json.set("product:3", "$.brand", '"Stride"');
    expect(await count({ brand: "Stride" })).toBe(3);
    await redis.json.numincrby("product:2", "$.stock", 7);
    expect(await count({ stock: 7 })).toBe(1);
    await redis.del("product:1");
    expect(await count({})).toBe(3);
    await redis.rename("product:2", "archived:2");
    expect(await count({})).toBe(2);
    await redis.rename("other:1", "product:9");
    expect(await count({ brand: "Sonic" })).toBe(1);
    await redis.set("product:10", "not a json key");
    expect(await count({})).toBe(3);
    const tx = redis.multi();
    tx.json.set("product:11", "$", { name: "Desk Lamp", brand: "Lumen" });
    tx.del("product:9");
    await tx.exec();
    expect(await count({ brand: "Lumen" })).toBe(1);
    expect(await count({ brand: "Sonic" })).toBe(0);
    const pipe = redis.pipeline();
    pipe.json.set("product:12", "$", { name: "Floor Lamp", brand: "Lumen" });
    await pipe.exec();
    expect(await count({ name: "lamp" })).toBe(2);
    await redis.eval("redis.call('DEL', KEYS[1])", ["product:12"], []);
    expect(await count({ name: "lamp" })).toBe(1);
    await redis.flushdb();
    expect(await count({})).toBe(0);
    await redis.json.set("product:1", "$", FIRST);
    expect(await count({})).toBe(1);

    await redis.search.createIndex({
      name: "users",
      dataType: "hash",
      prefix: ["user:", "member:"],
      schema: s.object({ name: s.string(), age: s.number("U64"), admin: s.boolean() }),
    });
    const users = redis.search.index({ name: "users" });
    await redis.hset("user:1", { name: "Ada Lovelace", age: "36", admin: "true" });
    await redis.hset("member:2", { name: "Alan Turing", age: "41", extra: "x" });
    await redis.hset("user:3", { name: "Grace Hopper", age: "not a number" });
    expect(keys(await users.query({ filter: { age: { $gt: 30 } } })).sort()).toEqual([
      "member:2",
      "user:1",
    ]);
    expect(await users.query({ filter: { name: "turing" } })).toEqual([
      expect.objectContaining({
        key: "member:2",
        data: { name: "Alan Turing", age: 41, extra: "x" },
      }),
    ]);
    expect(keys(await users.query({ filter: { admin: true } }))).toEqual(["user:1"]);
    await redis.hdel("user:1", "admin");
    expect(keys(await users.query({ filter: { admin: true } }))).toEqual([]);

    await redis.search.createIndex({
      name: "notes",
      dataType: "string",
      prefix: "note:",
      schema: s.object({ title: s.string() }),
      language: "german",
    });
    await redis.set("note:1", JSON.stringify({ title: "Die Häuser am See" }));
    await redis.set("note:2", "not json");
    const notes = redis.search.index({ name: "notes" });
    expect(await notes.query({ filter: { title: "haus" } })).toEqual([
      expect.objectContaining({ key: "note:1", data: { title: "Die Häuser am See" } }),
    ]);
  });

  test("expiry removes documents (ManualClock)", async ({ expect }) => {
    const clock = new ManualClock();
    await using server = await startSearchEmulator({ clock });
    const index = await seeded(server);
    await server.redis.pexpire("product:1", 1000);
    expect((await index.count({ filter: {} })).count).toBe(4);
    clock.advance(1001);
    expect((await index.count({ filter: {} })).count).toBe(3);
    expect(keys(await index.query({ filter: { brand: "Sonic" } }))).toEqual(["product:3"]);
  });

  test("SKIPINITIALSCAN, REINDEX and read-only tokens", async ({ expect }) => {
    await using server = await startSearchEmulator();
    const { redis, readOnly } = server;
    await redis.json.set("doc:1", "$", { t: "hello world" });
    await redis.search.createIndex({
      name: "docs",
      dataType: "json",
      prefix: "doc:",
      schema: s.object({ t: s.string() }),
      skipInitialScan: true,
    });
    const docs = readOnly.search.index({ name: "docs" });
    expect(await docs.count({ filter: {} })).toEqual({ count: 0 });
    await redis.json.set("doc:2", "$", { t: "hello again" });
    expect(await docs.count({ filter: {} })).toEqual({ count: 1 });
    expect(await redis.exec(["SEARCH.REINDEX", "docs"])).toBe(1);
    expect(await docs.count({ filter: { t: "hello" } })).toEqual({ count: 2 });
    expect(await docs.query({ filter: { t: "world" }, select: {} })).toHaveLength(1);
    expect(await docs.aggregate({ aggregations: {} as never })).toEqual({});
    expect((await docs.describe())?.name).toBe("docs");
    expect(await readOnly.exec(["SEARCH.LISTINDEXES"])).toHaveLength(1);
    expect(await readOnly.search.alias.list()).toEqual({});
    await expect(docs.drop()).rejects.toThrow("NOPERM");
    await expect(docs.waitIndexing()).rejects.toThrow("NOPERM");
    await expect(docs.addAlias({ alias: "a" })).rejects.toThrow("NOPERM");
    await expect(readOnly.exec(["SEARCH.REINDEX", "docs"])).rejects.toThrow("NOPERM");
  });
});

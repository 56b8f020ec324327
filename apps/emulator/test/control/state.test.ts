/**
 * Reset and seed through the control endpoint (`POST /_stratus/reset…`, management basic auth)
 * and `--seed FILE`, observed with the official SDKs.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@upstash/qstash";
import { Redis } from "@upstash/redis";
import { Search } from "@upstash/search";
import { Index } from "@upstash/vector";
import { describe, test } from "vitest";
import { createEmulator, type Emulator } from "../../src/index.ts";

const SEED = {
  kv: {
    default: [
      ["SET", "greeting", "hello"],
      ["RPUSH", "list", "a", "b"],
    ],
  },
  vector: {
    default: [
      { id: "v1", data: "a seeded document", metadata: { kind: "seed" } },
      { id: "v2", data: "another one", namespace: "other" },
    ],
  },
};

function clients(emulator: Emulator): { redis: Redis; index: Index } {
  const redis = new Redis({
    url: emulator.url,
    token: emulator.token,
    enableAutoPipelining: false,
  });
  const index = new Index({ url: emulator.vectorUrl, token: emulator.vectorToken });
  return { redis, index };
}

function control(emulator: Emulator, path: string, auth = true): Promise<Response> {
  const basic = Buffer.from(`${emulator.email}:${emulator.apiKey}`).toString("base64");
  return fetch(`${emulator.url}/_stratus${path}`, {
    method: "POST",
    headers: auth ? { authorization: `Basic ${basic}` } : {},
  });
}

describe("--seed FILE and the control endpoint", () => {
  test("the seed is applied at start; reset restores it, ?to=empty empties", async ({ expect }) => {
    const dir = mkdtempSync(join(tmpdir(), "stratus-seed-"));
    writeFileSync(join(dir, "seed.json"), JSON.stringify(SEED));
    await using emulator = await createEmulator({
      port: 0,
      respPort: null,
      seedFile: join(dir, "seed.json"),
    });
    rmSync(dir, { recursive: true, force: true });
    const { redis, index } = clients(emulator);
    expect(await redis.get("greeting")).toBe("hello");
    expect(await redis.lrange("list", 0, -1)).toEqual(["a", "b"]);
    expect((await index.fetch(["v1"], { includeMetadata: true }))[0]?.metadata).toEqual({
      kind: "seed",
    });
    expect(await index.fetch(["v2"], { namespace: "other" })).toHaveLength(1);

    // A test changes things…
    await redis.set("greeting", "changed");
    await redis.set("extra", "1");
    await index.delete("v1");
    // …and the reset puts the seed back, and only the seed.
    expect((await control(emulator, "/reset")).status).toBe(200);
    expect(await redis.get("greeting")).toBe("hello");
    expect(await redis.exists("extra")).toBe(0);
    expect(await index.fetch(["v1"])).toHaveLength(1);

    // Empty, one product at a time.
    expect((await control(emulator, "/reset/kv?to=empty")).status).toBe(200);
    expect(await redis.dbsize()).toBe(0);
    expect(await index.fetch(["v1"])).toHaveLength(1);
    expect((await control(emulator, "/reset/vector/default?to=empty")).status).toBe(200);
    expect((await index.info()).vectorCount).toBe(0);
    // One resource back to the seed.
    expect((await control(emulator, "/reset/kv/default")).status).toBe(200);
    expect(await redis.get("greeting")).toBe("hello");
  });

  test("the endpoint wants the management credentials and names mistakes", async ({ expect }) => {
    await using emulator = await createEmulator({ port: 0, respPort: null });
    const unauthorized = await control(emulator, "/reset", false);
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("www-authenticate")).toMatch(/^Basic/);
    const noSeed = await control(emulator, "/reset?to=seed");
    expect([noSeed.status, await noSeed.json()]).toEqual([
      400,
      { error: "reset to the seed: the emulator was started without --seed" },
    ]);
    const unknown = await control(emulator, "/reset/queues-typo");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toMatch(
      /unknown product "queues-typo"; products are kv, vector/,
    );
    expect((await control(emulator, "/reset/kv/nope")).status).toBe(404);
    expect((await control(emulator, "/reset?to=later")).status).toBe(400);
    const state = await fetch(`${emulator.url}/_stratus/state`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${emulator.email}:${emulator.apiKey}`).toString("base64")}`,
      },
    });
    expect(await state.json()).toEqual({
      products: ["kv", "vector", "search", "queues"],
      hasSeed: false,
    });
  });

  test("a bad seed stops the start with a message naming the section and command", async ({
    expect,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), "stratus-seed-"));
    try {
      const write = (seed: unknown): string => {
        writeFileSync(join(dir, "seed.json"), JSON.stringify(seed));
        return join(dir, "seed.json");
      };
      const start = (seedFile: string) => createEmulator({ port: 0, respPort: null, seedFile });
      await expect(start(write({ workflows: {} }))).rejects.toThrow(/unknown section "workflows"/);
      await expect(start(write({ queues: { default: { messages: [] } } }))).rejects.toThrow(
        /seed "queues"."default": unknown "messages"/,
      );
      await expect(start(write({ queues: { nope: { queues: [] } } }))).rejects.toThrow(
        /queues: no queue instance "nope"/,
      );
      await expect(start(write({ kv: { default: [["SET"]] } }))).rejects.toThrow(
        /kv seed of "default", command 1 \(SET\): ERR wrong number of arguments/,
      );
      await expect(start(write({ kv: { default: "SET a b" } }))).rejects.toThrow(
        /seed "kv"."default": expected a list of commands/,
      );
      await expect(
        start(write({ vector: { default: [{ id: "x", vector: [1, 2] }] } })),
      ).rejects.toThrow(/vector seed of "default"/);
      await expect(start(join(dir, "missing.json"))).rejects.toThrow(/--seed .*missing\.json/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("another product registers its own reset and seed section", async ({ expect }) => {
    await using emulator = await createEmulator({ port: 0, respPort: null });
    const items: string[] = [];
    emulator.state.register({
      name: "queues",
      resources: () => ["q"],
      reset: () => {
        items.length = 0;
      },
      seed: (section) => {
        items.push(...(section as string[]));
      },
    });
    await emulator.state.loadSeed({ queues: ["m1", "m2"] });
    items.push("m3");
    await emulator.state.reset({ product: "queues" });
    expect(items).toEqual(["m1", "m2"]);
    await emulator.state.reset({ to: "empty" });
    expect(items).toEqual([]);
  });
});

test("reset empties the search databases too: documents go, the database and its tokens stay", async ({
  expect,
}) => {
  await using emulator = await createEmulator({ port: 0, respPort: null });
  const search = new Search({ url: emulator.searchUrl, token: emulator.searchToken });
  const movies = search.index("movies");
  await movies.upsert([{ id: "m1", content: { title: "The Matrix" } }]);
  expect(await movies.fetch({ ids: ["m1"] })).toHaveLength(1);

  expect((await control(emulator, "/reset/search/default")).status).toBe(200);
  expect(await movies.fetch({ ids: ["m1"] })).toEqual([null]);
  // The same token still reaches the database after the reset.
  await movies.upsert([{ id: "m2", content: { title: "Heat" } }]);
  expect(await movies.fetch({ ids: ["m2"] })).toHaveLength(1);
  expect((await control(emulator, "/reset/search/nope")).status).toBe(404);
});

test("the seed's search section: documents per database and index, back after a reset", async ({
  expect,
}) => {
  const dir = mkdtempSync(join(tmpdir(), "stratus-seed-"));
  const seed = {
    search: {
      default: {
        movies: [{ id: "m1", content: { title: "The Matrix" }, metadata: { year: 1999 } }],
      },
    },
  };
  writeFileSync(join(dir, "seed.json"), JSON.stringify(seed));
  writeFileSync(join(dir, "bad.json"), JSON.stringify({ search: { default: { movies: "m1" } } }));
  try {
    await expect(
      createEmulator({ port: 0, respPort: null, seedFile: join(dir, "bad.json") }),
    ).rejects.toThrow(/seed "search"."default"."movies": expected a list of documents/);
    await using emulator = await createEmulator({
      port: 0,
      respPort: null,
      seedFile: join(dir, "seed.json"),
    });
    const movies = new Search({ url: emulator.searchUrl, token: emulator.searchToken }).index(
      "movies",
    );
    const [seeded] = await movies.fetch({ ids: ["m1"] });
    expect(seeded).toMatchObject({ content: { title: "The Matrix" }, metadata: { year: 1999 } });
    expect((await movies.search({ query: "matrix" }))[0]?.id).toBe("m1");
    await movies.delete({ ids: ["m1"] });
    expect((await control(emulator, "/reset/search")).status).toBe(200);
    expect(await movies.fetch({ ids: ["m1"] })).toHaveLength(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the seed's queues section: queues and URL groups of an instance, back after a reset", async ({
  expect,
}) => {
  const dir = mkdtempSync(join(tmpdir(), "stratus-seed-"));
  const seed = {
    queues: {
      default: {
        queues: [{ name: "orders", parallelism: 2, paused: true }],
        urlGroups: [{ name: "fans", endpoints: [{ url: "http://127.0.0.1:1/hook", name: "a" }] }],
      },
    },
  };
  writeFileSync(join(dir, "seed.json"), JSON.stringify(seed));
  try {
    await using emulator = await createEmulator({
      port: 0,
      respPort: null,
      seedFile: join(dir, "seed.json"),
    });
    const client = new Client({ baseUrl: emulator.queueUrl, token: emulator.queueToken });
    expect(await client.queue({ queueName: "orders" }).get()).toMatchObject({
      name: "orders",
      parallelism: 2,
      paused: true,
    });
    expect((await client.urlGroups.get("fans")).endpoints).toEqual([
      { name: "a", url: "http://127.0.0.1:1/hook" },
    ]);
    await client.queue({ queueName: "orders" }).delete();
    expect((await control(emulator, "/reset/queues")).status).toBe(200);
    expect((await client.queue().list()).map((queue) => queue.name)).toEqual(["orders"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The vector client against the emulator's default index (dense, 384 dimensions, cosine). */
import { startEmulator, type TestEmulator } from "@stratus/testing";
import { afterAll, beforeAll, describe, test } from "vitest";
import { createVector, HttpError, UsageError, type Vector } from "../src/index.ts";

let emu: TestEmulator;
let index: Vector;
let dimension: number;

beforeAll(async () => {
  emu = await startEmulator();
  index = createVector({ url: emu.emulator.vectorUrl, token: emu.emulator.vectorToken });
  dimension = (await index.info()).dimension;
});
afterAll(async () => {
  await index.close();
  await emu.stop();
});

/** A unit vector along axis `axis`, blended a little with the next axis. */
function vectorNear(axis: number, blend = 0): number[] {
  const vector = new Array<number>(dimension).fill(0);
  vector[axis % dimension] = 1;
  vector[(axis + 1) % dimension] = blend;
  return vector;
}

describe("records", () => {
  test("upsert, fetch, update and delete", async ({ expect }) => {
    const ns = index.namespace("records");
    expect(
      await ns.upsert([
        { id: "a", vector: vectorNear(0), metadata: { genre: "jazz" }, data: "alpha" },
        { id: 2, vector: vectorNear(5) },
      ]),
    ).toBe("Success");
    expect(
      await ns.fetch({ ids: ["a", "2", "missing"], includeMetadata: true, includeData: true }),
    ).toEqual([{ id: "a", metadata: { genre: "jazz" }, data: "alpha" }, { id: "2" }, null]);
    expect(
      await ns.update({ id: "a", metadata: { year: 1959 }, metadataUpdateMode: "PATCH" }),
    ).toEqual({ updated: 1 });
    expect((await ns.fetch({ ids: ["a"], includeMetadata: true }))[0]?.metadata).toEqual({
      genre: "jazz",
      year: 1959,
    });
    expect(await ns.delete({ ids: ["a", "2"] })).toEqual({ deleted: 2 });
    expect(await ns.delete({ ids: ["a"] })).toEqual({ deleted: 0 });
  });

  test("a request the schema refuses is not sent", async ({ expect }) => {
    await expect(index.fetch({ ids: ["a"], prefix: "a" })).rejects.toThrow(UsageError);
    await expect(index.upsert({ id: "no-vector" })).rejects.toThrow(/vector or sparseVector/);
  });

  test("a server refusal is an HttpError with the service's message", async ({ expect }) => {
    const error = await index
      .upsert({ id: "short", vector: [1, 2] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 422 });
    expect((error as HttpError).serverMessage).toMatch(/^Invalid vector dimension: 2, expected/);
  });
});

describe("queries", () => {
  test("query, queryMany and filters", async ({ expect }) => {
    const ns = index.namespace("queries");
    await ns.upsert([
      { id: "x", vector: vectorNear(10), metadata: { kind: "x" } },
      { id: "y", vector: vectorNear(10, 0.5), metadata: { kind: "y" } },
      { id: "z", vector: vectorNear(40) },
    ]);
    const hits = await ns.query({ vector: vectorNear(10), topK: 2, includeMetadata: true });
    expect(hits.map((hit) => hit.id)).toEqual(["x", "y"]);
    expect(hits[0]?.metadata).toEqual({ kind: "x" });
    const filtered = await ns.query({ vector: vectorNear(10), topK: 5, filter: "kind = 'y'" });
    expect(filtered.map((hit) => hit.id)).toEqual(["y"]);
    const [one] = await ns.queryMany([{ vector: vectorNear(40), topK: 1 }]);
    expect(one?.map((hit) => hit.id)).toEqual(["z"]);
    const many = await ns.queryMany([
      { vector: vectorNear(40), topK: 1 },
      { vector: vectorNear(10), topK: 1 },
    ]);
    expect(many.map((list) => list[0]?.id)).toEqual(["z", "x"]);
  });

  test("a resumable query pages through every hit and ends itself", async ({ expect }) => {
    const ns = index.namespace("resumable");
    await ns.upsert(
      Array.from({ length: 7 }, (_, i) => ({ id: `r${i}`, vector: vectorNear(100, i / 10) })),
    );
    const pages: number[] = [];
    for await (const page of ns.resumableQuery({ vector: vectorNear(100), topK: 3 })) {
      pages.push(page.length);
    }
    expect(pages).toEqual([3, 3, 1]);
  });

  test("next after end fails in the client", async ({ expect }) => {
    const query = index.resumableQuery({ vector: vectorNear(1), topK: 1 });
    await query.start();
    expect(query.uuid).toBeTypeOf("string");
    await query.end();
    await expect(query.next(1)).rejects.toThrow(/already been stopped/);
  });
});

describe("range, namespaces, info", () => {
  test("rangeAll walks every page in insertion order", async ({ expect }) => {
    const ns = index.namespace("range");
    await ns.upsert(
      Array.from({ length: 9 }, (_, i) => ({ id: `id-${i}`, vector: vectorNear(i) })),
    );
    const ids: string[] = [];
    for await (const record of ns.rangeAll({ limit: 4, prefix: "id-" })) {
      ids.push(record.id);
    }
    expect(ids).toEqual(Array.from({ length: 9 }, (_, i) => `id-${i}`));
    expect((await ns.range({ cursor: 0, limit: 4 })).nextCursor).toBe("4");
  });

  test("namespaces can be listed, renamed, reset and deleted", async ({ expect }) => {
    await index.namespace("old-name").upsert({ id: "1", vector: vectorNear(3) });
    expect(await index.listNamespaces()).toContain("old-name");
    expect(
      await index.renameNamespace({ namespace: "old-name", newNamespace: "new name/é" }),
    ).toEqual({ renamed: true });
    const renamed = index.namespace("new name/é");
    expect((await renamed.random())?.id).toBe("1");
    expect(await renamed.reset()).toBe("Success");
    expect(await renamed.random()).toBeNull();
    expect(await index.deleteNamespace("new name/é")).toBe("Success");
    await expect(index.deleteNamespace("new name/é")).rejects.toMatchObject({ status: 404 });
    const info = await index.info();
    expect(info.namespaces[""]).toBeDefined();
  });

  test("a wrong token is a 401 HttpError", async ({ expect }) => {
    await using stranger = createVector({ url: emu.emulator.vectorUrl, token: "wrong" });
    await expect(stranger.info()).rejects.toMatchObject({ status: 401 });
  });
});

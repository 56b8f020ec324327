/**
 * Every endpoint of the vector REST interface and its errors (vector-rest-wire.md §1, §2, §5),
 * over a socket to a live emulator.
 */
import { request } from "node:http";
import { describe, test } from "vitest";
import { call, READ_ONLY_TOKEN, result, startVectorServer } from "./fixtures.ts";

async function denseIndex(options: { vectorIndexingDelayMs?: number } = {}) {
  const server = await startVectorServer(options);
  const base = await server.createIndex({
    name: "dense",
    type: "DENSE",
    dimension: 2,
    similarity: "COSINE",
  });
  return { server, base };
}

describe("transport (§1)", () => {
  test("a missing or wrong token is 401 with the service's text", async ({ expect }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    for (const token of [null, "wrong"]) {
      const response = await call(`${base}/info`, undefined, { token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: "Unauthorized: Invalid auth token", status: 401 });
    }
  });

  test("the Read Only token reads but cannot write (403)", async ({ expect }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    expect((await call(`${base}/info`, [], { token: READ_ONLY_TOKEN })).status).toBe(200);
    expect(
      (await call(`${base}/query`, { vector: [1, 0] }, { token: READ_ONLY_TOKEN })).status,
    ).toBe(200);
    for (const [path, body] of [
      ["upsert", { id: "a", vector: [1, 0] }],
      ["delete", { ids: ["a"] }],
      ["reset", []],
      ["update", { id: "a", metadata: {} }],
    ] as const) {
      const response = await call(`${base}/${path}`, body, { token: READ_ONLY_TOKEN });
      expect(response.status).toBe(403);
      expect(response.body.status).toBe(403);
    }
  });

  test("GET, PUT and DELETE read the body too; other methods are 405", async ({ expect }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    await call(`${base}/upsert`, { id: "a", vector: [1, 0] }, { method: "PUT" });
    // fetch() refuses a GET body, as the PHP client sends one: use node:http
    const fetched = await new Promise<string>((resolve, reject) => {
      const body = JSON.stringify({ ids: ["a"] });
      const outgoing = request(`${base}/fetch`, {
        method: "GET",
        headers: { authorization: "Bearer vector-token", "content-length": body.length },
      });
      outgoing.on("response", (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on("end", () => resolve(text));
      });
      outgoing.on("error", reject);
      outgoing.end(body);
    });
    expect(JSON.parse(fetched)).toEqual({ result: [{ id: "a" }] });
    expect((await call(`${base}/delete`, { ids: ["a"] }, { method: "DELETE" })).body).toEqual({
      result: { deleted: 1 },
    });
    const patch = await call(`${base}/info`, undefined, { method: "PATCH" });
    expect(patch.status).toBe(405);
    expect(patch.body.status).toBe(405);
  });

  test("no command, an unknown command and bad JSON fail with JSON errors", async ({ expect }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    for (const response of [
      await call(`${base}/`, []),
      await call(`${base}/nope`, []),
      await call(`${base}/upsert`, undefined, { rawBody: "{not json" }),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 400 });
      expect(typeof response.body.error).toBe("string");
    }
  });

  test("an unknown index is 404; the body is JSON whatever its content type", async ({
    expect,
  }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    const missing = await call(`${server.emulator.url}/vector/missing/info`, []);
    expect(missing.status).toBe(404);
    const form = await fetch(`${base}/upsert`, {
      method: "POST",
      headers: {
        authorization: "Bearer vector-token",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: JSON.stringify({ id: 1, vector: [1, 0] }),
    });
    expect(await form.json()).toEqual({ result: "Success" });
  });
});

describe("in process", () => {
  test("emulator.fetch serves the vector interface without a socket", async ({ expect }) => {
    const { server } = await denseIndex();
    await using _ = server;
    const response = await server.emulator.fetch("http://in-process.test/vector/dense/upsert", {
      method: "POST",
      headers: { authorization: "Bearer vector-token" },
      body: JSON.stringify({ id: "a", vector: [1, 0] }),
    });
    expect(await response.json()).toEqual({ result: "Success" });
    const info = await server.emulator.fetch("http://in-process.test/vector/dense/info", {
      method: "POST",
      headers: { authorization: "Bearer vector-token" },
    });
    expect(await info.json()).toMatchObject({ result: { vectorCount: 1 } });
  });
});

describe("upsert, fetch, update, delete (§2.1–2.3, §2.8–2.9)", () => {
  test("upsert one or many; numeric ids become strings; fetch in request order", async ({
    expect,
  }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    expect(await result(base, "upsert", { id: 33, vector: [0.1, 0.2] })).toBe("Success");
    await result(base, "upsert", [
      { id: "b", vector: [1, 0], metadata: { n: 1 }, data: "bee" },
      { id: "a", vector: [0, 1] },
    ]);
    const fetched = await result(base, "fetch", {
      ids: ["a", "missing", 33, "b"],
      includeVectors: true,
      includeMetadata: true,
      includeData: true,
    });
    expect(fetched).toEqual([
      { id: "a", vector: [0, 1] },
      null,
      { id: "33", vector: [0.1, 0.2] },
      { id: "b", vector: [1, 0], metadata: { n: 1 }, data: "bee" },
    ]);
    // Only what was asked for: includeVectors alone hides metadata and data
    expect(await result(base, "fetch", { ids: ["b"], includeVectors: true })).toEqual([
      { id: "b", vector: [1, 0] },
    ]);
  });

  test("upsert overwrites completely: metadata and data not given are removed", async ({
    expect,
  }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    await result(base, "upsert", { id: "a", vector: [1, 0], metadata: { x: 1 }, data: "d" });
    await result(base, "upsert", { id: "a", vector: [0, 1] });
    expect(
      await result(base, "fetch", { ids: ["a"], includeMetadata: true, includeData: true }),
    ).toEqual([{ id: "a" }]);
  });

  test("validation errors are 422 with the service's texts; one bad record fails all", async ({
    expect,
  }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    const wrongDimension = await call(`${base}/upsert`, [
      { id: "ok", vector: [1, 0] },
      { id: "bad", vector: [1, 0, 0] },
    ]);
    expect(wrongDimension.status).toBe(422);
    expect(wrongDimension.body).toEqual({
      error: "Invalid vector dimension: 3, expected: 2",
      status: 422,
    });
    const noVector = await call(`${base}/upsert`, [{ id: "ok", vector: [1, 0] }, { id: "bad" }]);
    expect(noVector.body).toEqual({ error: "This index requires dense vectors", status: 422 });
    expect(await result(base, "fetch", { ids: ["ok"] })).toEqual([null]);
    const query = await call(`${base}/query`, { vector: [1], topK: 1 });
    expect(query.body.error).toBe("Invalid vector dimension: 1, expected: 2");
    expect((await call(`${base}/query`, { vector: [1, 0], topK: 100_000 })).status).toBe(422);
  });

  test("fetch by prefix, at most 1000, and not both ids and prefix", async ({ expect }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    await result(
      base,
      "upsert",
      Array.from({ length: 1100 }, (_, i) => ({ id: `p-${i}`, vector: [1, i] })),
    );
    await result(base, "upsert", [{ id: "q-1", vector: [1, 0] }]);
    const all = (await result(base, "fetch", { prefix: "p-" })) as { id: string }[];
    expect(all).toHaveLength(1000);
    expect(all.slice(0, 3).map((record) => record.id)).toEqual(["p-0", "p-1", "p-2"]);
    expect(await result(base, "fetch", { prefix: "q-" })).toEqual([{ id: "q-1" }]);
    const both = await call(`${base}/fetch`, { ids: ["a"], prefix: "p" });
    expect(both.body).toEqual({
      error: "Only one of ids or prefix must be provided.",
      status: 422,
    });
  });

  test("update: vector, data, metadata with OVERWRITE and PATCH; unknown id updates 0", async ({
    expect,
  }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    await result(base, "upsert", {
      id: "a",
      vector: [1, 0],
      metadata: { keep: 1, drop: 2, nested: { x: 1, y: 2 }, list: [1, 2] },
    });
    expect(
      await result(base, "update", {
        id: "a",
        metadata: { drop: null, nested: { y: 3 }, list: [9], added: true },
        metadataUpdateMode: "PATCH",
      }),
    ).toEqual({ updated: 1 });
    expect(await result(base, "fetch", { ids: ["a"], includeMetadata: true })).toEqual([
      { id: "a", metadata: { keep: 1, nested: { x: 1, y: 3 }, list: [9], added: true } },
    ]);
    await result(base, "update", { id: "a", vector: [0, 1], data: "text", metadata: { only: 1 } });
    expect(
      await result(base, "fetch", {
        ids: ["a"],
        includeMetadata: true,
        includeVectors: true,
        includeData: true,
      }),
    ).toEqual([{ id: "a", vector: [0, 1], metadata: { only: 1 }, data: "text" }]);
    expect(await result(base, "update", { id: "nobody", metadata: {} })).toEqual({ updated: 0 });
    expect((await call(`${base}/update`, { id: "a", vector: [1] })).status).toBe(422);
  });

  test("delete by ids, prefix or filter; exactly one criterion", async ({ expect }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    await result(base, "upsert", [
      { id: "x-1", vector: [1, 0], metadata: { n: 1 } },
      { id: "x-2", vector: [1, 0], metadata: { n: 2 } },
      { id: "y-1", vector: [1, 0], metadata: { n: 3 } },
      { id: "z-1", vector: [1, 0] },
    ]);
    expect(await result(base, "delete", { ids: ["z-1", "none"] })).toEqual({ deleted: 1 });
    expect(await result(base, "delete", { ids: ["z-1"] })).toEqual({ deleted: 0 });
    expect(await result(base, "delete", { prefix: "x-" })).toEqual({ deleted: 2 });
    expect(await result(base, "delete", { filter: "n >= 3" })).toEqual({ deleted: 1 });
    // Older clients send a bare id or array
    await result(base, "upsert", { id: "w", vector: [1, 0] });
    expect(await result(base, "delete", ["w"])).toEqual({ deleted: 1 });
    const two = await call(`${base}/delete`, { ids: ["a"], prefix: "b" });
    expect(two.body).toEqual({
      error: "Only and only one of the ids, prefix, or filter must be provided.",
      status: 422,
    });
  });
});

describe("query (§2.4)", () => {
  test("topK, includes, filter and batches (one element answers a flat array)", async ({
    expect,
  }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    await result(base, "upsert", [
      { id: "a", vector: [1, 0], metadata: { city: "Paris", pop: 2 }, data: "A" },
      { id: "b", vector: [1, 1], metadata: { city: "Rome", pop: 3 } },
      { id: "c", vector: [0, 1] },
    ]);
    const top = await result(base, "query", {
      vector: [1, 0],
      topK: 2,
      includeMetadata: true,
      includeData: true,
      includeVectors: true,
    });
    expect(top).toEqual([
      { id: "a", score: 1, vector: [1, 0], metadata: { city: "Paris", pop: 2 }, data: "A" },
      { id: "b", score: 0.8535534, vector: [1, 1], metadata: { city: "Rome", pop: 3 } },
    ]);
    expect(
      await result(base, "query", { vector: [1, 0], topK: 5, filter: "city = 'Rome' OR pop < 0" }),
    ).toEqual([{ id: "b", score: 0.8535534 }]);
    const single = await result(base, "query", [{ vector: [0, 1], topK: 1 }]);
    expect(single).toEqual([{ id: "c", score: 1 }]);
    const batch = await result(base, "query", [
      { vector: [0, 1], topK: 1 },
      { vector: [1, 0], topK: 1 },
    ]);
    expect(batch).toEqual([[{ id: "c", score: 1 }], [{ id: "a", score: 1 }]]);
  });

  test("a filter syntax error is 422 'Invalid filter. …'", async ({ expect }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    const response = await call(`${base}/query`, { vector: [1, 0], filter: "a = = 1" });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatch(/^Invalid filter\./);
  });

  test("pending writes are invisible to queries until the indexing delay passes", async ({
    expect,
  }) => {
    const { server, base } = await denseIndex({ vectorIndexingDelayMs: 1000 });
    await using _ = server;
    await result(base, "upsert", [
      { id: "a", vector: [1, 0] },
      { id: "b", vector: [0, 1] },
    ]);
    await result(base, "upsert/ns", { id: "c", vector: [0, 1] });
    const info = (await result(base, "info")) as Record<string, unknown>;
    expect(info).toMatchObject({
      vectorCount: 0,
      pendingVectorCount: 3,
      namespaces: { "": { vectorCount: 0, pendingVectorCount: 2 }, ns: { pendingVectorCount: 1 } },
    });
    expect(await result(base, "query", { vector: [1, 0] })).toEqual([]);
    server.clock.advance(1000);
    expect(await result(base, "info")).toMatchObject({ vectorCount: 3, pendingVectorCount: 0 });
    expect(await result(base, "query", { vector: [1, 0], topK: 1 })).toEqual([
      { id: "a", score: 1 },
    ]);
  });
});

describe("resumable query (§2.6)", () => {
  test("start, next, end; next after end and after maxIdle fail", async ({ expect }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    await result(
      base,
      "upsert/ns",
      Array.from({ length: 5 }, (_, i) => ({ id: `v${i}`, vector: [1, i] })),
    );
    const start = (await result(base, "resumable-query/ns", {
      vector: [1, 0],
      topK: 2,
      includeVectors: true,
    })) as { uuid: string; scores: { id: string; vector: number[] }[] };
    expect(start.scores.map((hit) => hit.id)).toEqual(["v0", "v1"]);
    expect(start.scores[0]?.vector).toEqual([1, 0]);
    const next = (await result(base, "resumable-query-next", {
      uuid: start.uuid,
      additionalK: 2,
    })) as { id: string }[];
    expect(next.map((hit) => hit.id)).toEqual(["v2", "v3"]);
    expect(await result(base, "resumable-query-end", { uuid: start.uuid })).toBe("Success");
    const ended = await call(`${base}/resumable-query-next`, { uuid: start.uuid, additionalK: 1 });
    expect(ended.status).toBe(422);

    const idle = (await result(base, "resumable-query/ns", {
      vector: [1, 0],
      topK: 1,
      maxIdle: 60,
    })) as { uuid: string };
    server.clock.advance(61_000);
    expect(
      (await call(`${base}/resumable-query-next`, { uuid: idle.uuid, additionalK: 1 })).status,
    ).toBe(422);
  });
});

describe("range (§2.7)", () => {
  test("pages in insertion order; nextCursor is '' exactly when nothing follows", async ({
    expect,
  }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    await result(
      base,
      "upsert",
      Array.from({ length: 20 }, (_, i) => ({ id: `id-${i}`, vector: [1, i], metadata: { i } })),
    );
    // Overwriting keeps the position
    await result(base, "upsert", { id: "id-0", vector: [1, 0] });
    const first = (await result(base, "range", { cursor: 0, limit: 4 })) as {
      nextCursor: string;
      vectors: { id: string }[];
    };
    expect(first.nextCursor).toBe("4");
    expect(first.vectors.map((v) => v.id)).toEqual(["id-0", "id-1", "id-2", "id-3"]);
    const second = (await result(base, "range", { cursor: "4", limit: 8 })) as {
      nextCursor: string;
    };
    expect(second.nextCursor).toBe("12");
    const last = (await result(base, "range", {
      cursor: "12",
      limit: 8,
      includeMetadata: true,
    })) as { nextCursor: string; vectors: { id: string; metadata: unknown }[] };
    expect(last.nextCursor).toBe("");
    expect(last.vectors.at(-1)).toEqual({ id: "id-19", metadata: { i: 19 } });
    const prefixed = (await result(base, "range", { cursor: "", limit: 2, prefix: "id-1" })) as {
      nextCursor: string;
      vectors: { id: string }[];
    };
    expect(prefixed.vectors.map((v) => v.id)).toEqual(["id-1", "id-10"]);
    expect((await call(`${base}/range`, { cursor: 0, limit: 0 })).status).toBe(422);
    expect((await call(`${base}/range`, { cursor: 0 })).status).toBe(422);
  });
});

describe("namespaces, reset, info, random (§2.10–2.14)", () => {
  test("namespaces are isolated, listed, reset, renamed and deleted", async ({ expect }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    await result(base, "upsert", { id: "a", vector: [1, 0] });
    await result(base, "upsert/ns%20one", { id: "a", vector: [0, 1] });
    await result(base, "upsert/two", { id: "b", vector: [0, 1] });
    expect(await result(base, "list-namespaces")).toEqual(["", "ns one", "two"]);
    expect(await result(base, "fetch/two", { ids: ["a", "b"] })).toEqual([null, { id: "b" }]);

    expect(await result(base, "reset/two")).toBe("Success");
    expect(await result(base, "info")).toMatchObject({
      vectorCount: 2,
      namespaces: { two: { vectorCount: 0, pendingVectorCount: 0 } },
    });
    expect(
      await result(base, "rename-namespace", { namespace: "ns one", newNamespace: "renamed" }),
    ).toEqual({ renamed: true });
    const taken = await call(`${base}/rename-namespace`, {
      namespace: "renamed",
      newNamespace: "two",
    });
    expect(taken.status).toBe(422);
    expect(
      await result(base, "rename-namespace", {
        namespace: "renamed",
        newNamespace: "two",
        deleteExisting: true,
      }),
    ).toEqual({ renamed: true });
    expect(await result(base, "fetch/two", { ids: ["a"] })).toEqual([{ id: "a" }]);
    expect(
      (await call(`${base}/rename-namespace`, { namespace: "", newNamespace: "x" })).status,
    ).toBe(422);

    expect(await result(base, "delete-namespace/two")).toBe("Success");
    const unknown = await call(`${base}/delete-namespace/two`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("Namespace two for the index dense does not exist");
    expect((await call(`${base}/delete-namespace`)).status).toBe(422);

    await result(base, "upsert/three", { id: "c", vector: [1, 0] });
    expect(await result(base, "reset?all")).toBe("Success");
    expect(await result(base, "info")).toMatchObject({
      vectorCount: 0,
      namespaces: { "": { vectorCount: 0 }, three: { vectorCount: 0 } },
    });
  });

  test("info reports the index's shape; a sparse index says 0 and DOT_PRODUCT", async ({
    expect,
  }) => {
    await using server = await startVectorServer();
    const sparse = await server.createIndex({
      name: "sp",
      type: "SPARSE",
      similarity: "COSINE",
      sparseEmbeddingModel: "BM25",
    });
    expect(await result(sparse, "info")).toEqual({
      vectorCount: 0,
      pendingVectorCount: 0,
      indexSize: 0,
      dimension: 0,
      similarityFunction: "DOT_PRODUCT",
      indexType: "SPARSE",
      sparseIndex: { embeddingModel: "BM25" },
      namespaces: { "": { vectorCount: 0, pendingVectorCount: 0 } },
    });
  });

  test("random returns a record with its vector, or null when empty", async ({ expect }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    expect(await result(base, "random")).toBeNull();
    await result(base, "upsert", { id: "a", vector: [1, 0], metadata: { m: 1 } });
    expect(await result(base, "random")).toEqual({ id: "a", vector: [1, 0] });
  });
});

describe("embedding endpoints (§2.2, §2.5)", () => {
  test("an index without a model refuses upsert-data and query-data with 422", async ({
    expect,
  }) => {
    const { server, base } = await denseIndex();
    await using _ = server;
    for (const [path, body] of [
      ["upsert-data", { id: "a", data: "text" }],
      ["query-data", { data: "text" }],
    ] as const) {
      const response = await call(`${base}/${path}`, body);
      expect(response.body).toEqual({
        error:
          "Embedding data for this index is not allowed. The index must be created with an embedding model to use it.",
        status: 422,
      });
    }
  });

  test("the default index embeds data; identical text scores 1", async ({ expect }) => {
    await using server = await startVectorServer();
    const { vectorUrl, vectorToken } = server.emulator;
    const post = (path: string, body: unknown) =>
      call(`${vectorUrl}/${path}`, body, { token: vectorToken });
    expect((await post("upsert-data", [{ id: "x", data: "testing-plain-text" }])).body).toEqual({
      result: "Success",
    });
    await post("upsert-data", { id: "y", data: "completely unrelated words", metadata: { k: 1 } });
    const hits = (await post("query-data", { data: "testing-plain-text", topK: 2 })).body
      .result as { id: string; score: number }[];
    expect(hits[0]).toEqual({ id: "x", score: 1 });
    expect((await post("upsert-data", { id: "z" })).status).toBe(422);
  });
});

/**
 * The vector REST interface (vector-rest-wire.md): the envelope and status codes, `info`, and the
 * write-read round trip of upsert, fetch, query, range and delete, inside the run's own namespace.
 */
import { defineCheck } from "../check.ts";
import type { CheckContext } from "../context.ts";
import { check, checkEqual } from "../errors.ts";
import { describe } from "../http.ts";
import { readIndexShape, recordFor, upsertRecords } from "./index-info.ts";

const ns = (ctx: CheckContext, command: string): string =>
  `/${command}/${encodeURIComponent(ctx.vectorNamespace)}`;

function resultOf(reply: { status: number; json(): unknown; text: string }, what: string): unknown {
  check(reply.status === 200, `${what}: ${reply.status} ${reply.text.slice(0, 160)}`);
  const body = reply.json() as { result?: unknown; error?: unknown };
  check("result" in body && !("error" in body), `${what}: no result in ${reply.text}`);
  return body.result;
}

export const VECTOR_CHECKS = [
  defineCheck({
    area: "vector",
    group: "info",
    name: "info has every required field and the default namespace",
    spec: "interfaces.md Vector index info; vector-rest-wire.md §2.11",
    run: async (ctx) => {
      const info = resultOf(await ctx.vectorRequest({ path: "/info" }), "info") as Record<
        string,
        unknown
      >;
      for (const field of ["vectorCount", "pendingVectorCount", "indexSize", "dimension"]) {
        check(typeof info[field] === "number", `${field} is not a number: ${JSON.stringify(info)}`);
      }
      check(typeof info["similarityFunction"] === "string", "similarityFunction is not a string");
      const type = info["indexType"];
      check(["DENSE", "SPARSE", "HYBRID"].includes(String(type)), `indexType ${String(type)}`);
      check(
        (type === "SPARSE") === (info["denseIndex"] === undefined || info["denseIndex"] === null),
        `denseIndex must be present exactly for DENSE and HYBRID: ${JSON.stringify(info["denseIndex"])}`,
      );
      check(
        (type === "DENSE") === (info["sparseIndex"] === undefined || info["sparseIndex"] === null),
        `sparseIndex must be present exactly for SPARSE and HYBRID: ${JSON.stringify(info["sparseIndex"])}`,
      );
      const namespaces = info["namespaces"] as Record<string, unknown> | undefined;
      check(
        namespaces?.[""] !== undefined,
        `no default namespace "" in ${JSON.stringify(namespaces)}`,
      );
    },
  }),
  defineCheck({
    area: "vector",
    group: "fetch",
    name: "fetch by ids keeps request order, null for unknown ids, fields only when asked",
    spec: "interfaces.md Fetch rules 1; vector-rest-wire.md §1.4, §2.8",
    run: async (ctx) => {
      const shape = await readIndexShape(ctx);
      await upsertRecords(ctx, [recordFor(shape, "fetch-a", 1), recordFor(shape, "fetch-b", 2)]);
      const bare = resultOf(
        await ctx.vectorRequest({
          path: ns(ctx, "fetch"),
          json: { ids: ["fetch-b", "nope", "fetch-a"] },
        }),
        "fetch",
      );
      checkEqual(bare, [{ id: "fetch-b" }, null, { id: "fetch-a" }], "fetch without include flags");
      const withMetadata = resultOf(
        await ctx.vectorRequest({
          path: ns(ctx, "fetch"),
          json: { ids: ["fetch-a"], includeMetadata: true, includeData: true },
        }),
        "fetch with metadata",
      );
      checkEqual(withMetadata, [{ id: "fetch-a", metadata: { n: 1 }, data: "record 1" }], "fetch");
    },
  }),
  defineCheck({
    area: "vector",
    group: "fetch",
    name: "fetch by prefix returns only matching ids; numeric ids come back as strings",
    spec: "vector-rest-wire.md §1.4, §2.8",
    run: async (ctx) => {
      const shape = await readIndexShape(ctx);
      await upsertRecords(ctx, [
        recordFor(shape, "prefix-1", 1),
        recordFor(shape, "prefix-2", 2),
        recordFor(shape, "other", 3),
        recordFor(shape, 33, 4),
      ]);
      const byPrefix = resultOf(
        await ctx.vectorRequest({ path: ns(ctx, "fetch"), json: { prefix: "prefix-" } }),
        "fetch by prefix",
      ) as { id: string }[];
      checkEqual(byPrefix.map((record) => record.id).sort(), ["prefix-1", "prefix-2"], "ids");
      const numeric = resultOf(
        await ctx.vectorRequest({ path: ns(ctx, "fetch"), json: { ids: [33] } }),
        "fetch [33]",
      );
      checkEqual(numeric, [{ id: "33" }], "fetch of a numeric id");
    },
  }),
  defineCheck({
    area: "vector",
    group: "query",
    name: "query answers at most topK results, best score first",
    spec: "vector-rest-wire.md §2.4",
    run: async (ctx) => {
      const shape = await readIndexShape(ctx);
      const records = [0, 1, 2, 3].map((n) => recordFor(shape, `query-${n}`, n));
      await upsertRecords(ctx, records);
      const probe = recordFor(shape, "probe", 1);
      const results = resultOf(
        await ctx.vectorRequest({
          path: ns(ctx, "query"),
          json: {
            ...(probe["vector"] === undefined ? {} : { vector: probe["vector"] }),
            ...(probe["sparseVector"] === undefined ? {} : { sparseVector: probe["sparseVector"] }),
            topK: 2,
            includeMetadata: true,
          },
        }),
        "query",
      ) as { id: unknown; score: unknown; metadata?: unknown }[];
      check(
        Array.isArray(results) && results.length > 0 && results.length <= 2,
        `results ${JSON.stringify(results)}`,
      );
      for (const [i, result] of results.entries()) {
        check(
          typeof result.id === "string" && typeof result.score === "number",
          `result ${JSON.stringify(result)}`,
        );
        const previous = results[i - 1];
        check(
          previous === undefined || (previous.score as number) >= result.score,
          "not sorted by score",
        );
      }
      checkEqual(results[0]?.id, "query-1", "best match of a copy of query-1's vectors");
    },
  }),
  defineCheck({
    area: "vector",
    group: "range",
    name: "range pages in insertion order; nextCursor is empty on the last page",
    spec: "vector-rest-wire.md §2.7",
    run: async (ctx) => {
      const shape = await readIndexShape(ctx);
      await upsertRecords(
        ctx,
        [3, 1, 2].map((n) => recordFor(shape, `range-${n}`, n)),
      );
      const first = resultOf(
        await ctx.vectorRequest({
          path: ns(ctx, "range"),
          json: { cursor: "0", limit: 2, prefix: "range-" },
        }),
        "range",
      ) as { nextCursor: unknown; vectors: { id: string }[] };
      checkEqual(
        first.vectors.map((record) => record.id),
        ["range-3", "range-1"],
        "first page",
      );
      check(
        typeof first.nextCursor === "string" && first.nextCursor !== "",
        `nextCursor ${String(first.nextCursor)}`,
      );
      const last = resultOf(
        await ctx.vectorRequest({
          path: ns(ctx, "range"),
          json: { cursor: first.nextCursor, limit: 2, prefix: "range-" },
        }),
        "range page 2",
      ) as { nextCursor: unknown; vectors: { id: string }[] };
      checkEqual(
        last.vectors.map((record) => record.id),
        ["range-2"],
        "second page",
      );
      checkEqual(last.nextCursor, "", "nextCursor of the last page");
    },
  }),
  defineCheck({
    area: "vector",
    group: "delete",
    name: "delete counts what it removed; again it removes nothing",
    spec: "vector-rest-wire.md §2.9",
    run: async (ctx) => {
      const shape = await readIndexShape(ctx);
      await upsertRecords(ctx, [recordFor(shape, "delete-1", 1), recordFor(shape, "delete-2", 2)]);
      const ids = { ids: ["delete-1", "delete-2"] };
      const first = resultOf(
        await ctx.vectorRequest({ path: ns(ctx, "delete"), json: ids }),
        "delete",
      );
      checkEqual(first, { deleted: 2 }, "first delete");
      const again = resultOf(
        await ctx.vectorRequest({ path: ns(ctx, "delete"), json: ids }),
        "delete",
      );
      checkEqual(again, { deleted: 0 }, "second delete");
    },
  }),
  defineCheck({
    area: "vector",
    group: "errors",
    name: "a wrong dense dimension is 422 with the service's text",
    spec: "vector-rest-wire.md §2.1",
    run: async (ctx) => {
      const shape = await readIndexShape(ctx);
      if (shape.type === "SPARSE") {
        return;
      }
      const reply = await ctx.vectorRequest({
        path: ns(ctx, "upsert"),
        json: { ...recordFor(shape, "bad-dimension", 0), vector: [0.5, 0.5] },
      });
      check(reply.status === 422, describe(reply));
      checkEqual(
        (reply.json() as { error?: unknown }).error,
        `Invalid vector dimension: 2, expected: ${shape.dimension}`,
        "error",
      );
    },
  }),
  defineCheck({
    area: "vector",
    group: "errors",
    name: "a missing or invalid token is 401 with the error envelope",
    spec: "vector-rest-wire.md §1.2, §1.3",
    run: async (ctx) => {
      for (const token of [null, "not-a-token"]) {
        const reply = await ctx.vectorRequest({ path: "/info", token });
        check(reply.status === 401, `token ${String(token)}: ${describe(reply)}`);
        const body = reply.json() as { error?: unknown; status?: unknown };
        check(typeof body.error === "string" && body.status === 401, `envelope ${reply.text}`);
      }
    },
  }),
  defineCheck({
    area: "vector",
    group: "errors",
    name: "other methods are 405; a request without a command is a JSON error",
    spec: "vector-rest-wire.md §1.1, §1.3",
    run: async (ctx) => {
      const patch = await ctx.vectorRequest({ method: "PATCH", path: "/info" });
      check(patch.status === 405, `PATCH: ${describe(patch)}`);
      const bare = await ctx.vectorRequest({ path: "/" });
      check(bare.status >= 400, `POST /: ${describe(bare)}`);
      check(typeof (bare.json() as { error?: unknown }).error === "string", `POST /: ${bare.text}`);
    },
  }),
  defineCheck({
    area: "vector",
    group: "tokens",
    name: "the read-only token reads and is refused writes",
    spec: "interfaces.md Authentication 6; vector-rest-wire.md §1.2",
    run: async (ctx) => {
      const token = ctx.vectorReadOnlyToken();
      const shape = await readIndexShape(ctx);
      const info = await ctx.vectorRequest({ path: "/info", token });
      check(info.status === 200, `info: ${describe(info)}`);
      const write = await ctx.vectorRequest({
        path: ns(ctx, "upsert"),
        token,
        json: recordFor(shape, "read-only", 0),
      });
      check(write.status >= 400 && write.status < 500, `upsert: ${describe(write)}`);
      check(
        typeof (write.json() as { error?: unknown }).error === "string",
        `upsert: ${write.text}`,
      );
    },
  }),
];

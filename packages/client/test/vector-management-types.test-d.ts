/** The signatures of the vector and management clients come from core's schemas. */
import type {
  IndexInfo,
  QueryResult,
  StatsPeriod,
  VectorIndex,
  VectorStats,
} from "@stratus/core/schemas";
import { describe, expectTypeOf, test } from "vitest";
import type { Management, ResumableQuery, Vector } from "../src/index.ts";

declare const index: Vector;
declare const management: Management;

describe("vector", () => {
  test("results are core's output types", () => {
    expectTypeOf(index.info()).toEqualTypeOf<Promise<IndexInfo>>();
    expectTypeOf(index.query({ vector: [1], topK: 1 })).toEqualTypeOf<Promise<QueryResult>>();
    expectTypeOf(index.namespace("ns").queryMany([])).toEqualTypeOf<Promise<QueryResult[]>>();
    expectTypeOf(index.resumableQuery({ vector: [1] })).toEqualTypeOf<ResumableQuery>();
    expectTypeOf(index.resumableQuery({ vector: [1] })).toExtend<AsyncIterable<QueryResult>>();
  });

  test("requests are core's input types", () => {
    // Numeric ids are accepted on the way in (vector-rest-wire.md §1.4).
    void index.upsert({ id: 1, vector: [1] });
    // @ts-expect-error: fetch takes an object
    void index.fetch(["a"]);
  });
});

describe("management", () => {
  test("stats take one of the seven periods", () => {
    expectTypeOf(management.vector.stats)
      .parameter(1)
      .toEqualTypeOf<{ readonly period?: StatsPeriod } | undefined>();
    expectTypeOf(management.vector.stats("id")).toEqualTypeOf<Promise<VectorStats>>();
    expectTypeOf(management.vector.list()).toEqualTypeOf<Promise<VectorIndex[]>>();
    expectTypeOf(management.queue.updateBudget("q", 50)).toEqualTypeOf<Promise<"OK">>();
  });
});

import { fc, test } from "@fast-check/vitest";
import { describe } from "vitest";
import { f32 } from "../vector/float32.ts";
import { NamespaceStore } from "../vector/namespace-store.ts";
import { rankDense, type Scored } from "../vector/ranking.ts";
import { createDenseScorer } from "../vector/similarity.ts";
import { rankDenseCandidates } from "./dense-candidates.ts";

const DIMENSION = 24;
const value = fc.float({ min: -4, max: 4, noNaN: true, noDefaultInfinity: true }).map(f32);
const vector = fc.array(value, { minLength: DIMENSION, maxLength: DIMENSION });
/** A query with mostly zeros, as the offline model's short queries are. */
const sparseQuery = fc
  .array(fc.tuple(fc.integer({ min: 0, max: DIMENSION - 1 }), value), {
    minLength: 1,
    maxLength: DIMENSION / 3,
  })
  .map((entries) => {
    const query = new Float32Array(DIMENSION);
    for (const [index, entry] of entries) {
      query[index] = entry;
    }
    return query;
  });

function identical(left: Scored[], right: Scored[]): boolean {
  return (
    left.length === right.length &&
    left.every(
      (item, i) => item.key === right[i]?.key && Object.is(item.score, (right[i] as Scored).score),
    )
  );
}

describe("rankDenseCandidates against the exact scan", () => {
  test.prop(
    {
      rows: fc.array(vector, { minLength: 1, maxLength: 80 }),
      query: sparseQuery,
      limit: fc.integer({ min: 1, max: 20 }),
      // Near-duplicates: rows that differ in one ulp test the tolerance.
      duplicates: fc.nat({ max: 5 }),
    },
    { numRuns: 300 },
  )("the same records with the same scores, bit for bit", ({ rows, query, limit, duplicates }) => {
    const store = new NamespaceStore(DIMENSION);
    rows.forEach((row, i) => {
      store.put({ id: `r${i}`, vector: Float32Array.from(row) }, 0, 0);
    });
    for (let i = 0; i < duplicates; i++) {
      const copy = Float32Array.from(rows[i % rows.length] as number[]);
      copy[i % DIMENSION] = f32((copy[i % DIMENSION] as number) * (1 + 2 ** -23));
      store.put({ id: `d${i}`, vector: copy }, 0, 0);
    }
    const options = { accept: () => true, limit };
    const exact = rankDense(store, createDenseScorer("COSINE", query), options);
    return identical(rankDenseCandidates(store, query, options), exact);
  });
});

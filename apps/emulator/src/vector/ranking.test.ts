import { fc, test } from "@fast-check/vitest";
import { NamespaceStore } from "./namespace-store.ts";
import { rankDense } from "./ranking.ts";
import { createDenseScorer } from "./similarity.ts";

/** Components from a small set, so equal and nearly equal scores (ties) are common. */
const component = fc.constantFrom(-1, -0.5, 0, 0.1, 0.3, 0.30000001, 1, 2.5);

test.prop(
  [
    fc.integer({ min: 1, max: 24 }).chain((dimension) =>
      fc.record({
        rows: fc.array(fc.array(component, { minLength: dimension, maxLength: dimension }), {
          minLength: 1,
          maxLength: 60,
        }),
        query: fc.array(component, { minLength: dimension, maxLength: dimension }),
        limit: fc.integer({ min: 1, max: 20 }),
        // Which rows a filter keeps (none, a few, all): fewer than the limit is common.
        kept: fc.option(fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }), {
          nil: undefined,
        }),
      }),
    ),
  ],
  { numRuns: 300 },
)(
  "the two-pass cosine top-K equals scoring every row exactly, filtered or not",
  ({ rows, query, limit, kept }) => {
    const store = new NamespaceStore(query.length);
    rows.forEach((row, i) => {
      store.put({ id: `r${i}`, vector: Float32Array.from(row) }, 0, 0);
    });
    // Deletes move rows (swap-remove), so row order differs from insertion order.
    store.delete("r0");
    const scorer = createDenseScorer("COSINE", Float32Array.from(query));
    const accept = (record: { id: string }): boolean =>
      kept === undefined || kept[Number(record.id.slice(1))] === true;
    const options = { accept, limit };
    const twoPass = rankDense(store, scorer, options);
    // The exact answer, by hand: every kept row scored with the service's rule, best first.
    const exact = store.rows
      .map((record, row) => ({ record, row }))
      .filter(({ record }) => accept(record))
      .map(({ record, row }) => ({
        id: record.id,
        order: record.order,
        score: scorer.score(store.vectors, row * store.dimension, store.rowNorms[row] as number),
      }))
      // compareScored's order: best first, ties in insertion order.
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, limit);
    const simple = (ranked: typeof twoPass) => ranked.map((item) => [item.key.id, item.score]);
    const expected = JSON.stringify(exact.map((item) => [item.id, item.score]));
    if (JSON.stringify(simple(twoPass)) !== expected) {
      return false;
    }
    // The scan that skips the filter reads norms by row: swap-removes must keep them in step.
    return (
      kept !== undefined ||
      JSON.stringify(simple(rankDense(store, scorer, { ...options, acceptsAll: true }))) ===
        expected
    );
  },
);

test.prop([fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 50 })], {
  numRuns: 12,
})(
  "at 384 dimensions, with rows that differ in one ulp, the two passes still agree",
  (seed, limit) => {
    const dimension = 384;
    let state = seed;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31 - 0.5;
    };
    const store = new NamespaceStore(dimension);
    const base = Float32Array.from({ length: dimension }, random);
    for (let i = 0; i < 600; i++) {
      // Half are near-copies of one vector, so many scores lie within the tolerance of each other.
      const row =
        i % 2 === 0
          ? Float32Array.from(base, (value, j) =>
              j === i % dimension ? value * (1 + 2 ** -23) : value,
            )
          : Float32Array.from({ length: dimension }, random);
      store.put({ id: `r${i}`, vector: row }, 0, 0);
    }
    const query = Float32Array.from(base, (value) => value + random() * 0.01);
    const scorer = createDenseScorer("COSINE", query);
    const options = { accept: () => true, limit };
    const simple = (ranked: ReturnType<typeof rankDense>) =>
      JSON.stringify(ranked.map((item) => [item.key.id, item.score]));
    return (
      simple(rankDense(store, scorer, options)) ===
      simple(rankDense(store, { query: scorer.query, score: scorer.score, tolerance: 0 }, options))
    );
  },
);

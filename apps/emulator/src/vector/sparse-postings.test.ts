import { fc, test } from "@fast-check/vitest";
import { describe, test as unitTest } from "vitest";
import { f32 } from "./float32.ts";
import { NamespaceStore } from "./namespace-store.ts";
import { type RankOptions, type Scored, TopK } from "./ranking.ts";
import { type SparseVector, sparseScore, weightQuery } from "./sparse.ts";

/** The reference: every record scored by `sparseScore`'s merge, as ranking did before postings. */
function scan(
  store: NamespaceStore,
  query: SparseVector,
  { accept, limit }: RankOptions,
): Scored[] {
  const top = new TopK(limit);
  for (const record of store.inOrder()) {
    if (record.sparseVector === undefined || !accept(record)) {
      continue;
    }
    const score = sparseScore(query, record.sparseVector);
    if (score !== undefined && top.admits(score)) {
      top.push({ key: record, score });
    }
  }
  return top.sorted();
}

/** Sorted, distinct indices from a small range (so records share many), float32 values. */
const sparseVector: fc.Arbitrary<SparseVector> = fc
  .uniqueArray(
    fc.tuple(
      fc.integer({ min: 0, max: 24 }),
      fc.float({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true }),
    ),
    { selector: ([index]) => index, minLength: 1, maxLength: 8 },
  )
  .map((pairs) => {
    const sorted = [...pairs].sort((left, right) => left[0] - right[0]);
    return {
      indices: Int32Array.from(sorted.map(([index]) => index)),
      values: Float32Array.from(sorted.map(([, value]) => f32(value))),
    };
  });

type Operation =
  | { readonly kind: "put"; readonly id: number; readonly vector: SparseVector }
  | { readonly kind: "delete"; readonly id: number }
  | { readonly kind: "clear" };

const ids = fc.integer({ min: 0, max: 30 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant("put" as const), id: ids, vector: sparseVector }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("delete" as const), id: ids }) },
  { weight: 1, arbitrary: fc.constant({ kind: "clear" as const }) },
);

function apply(store: NamespaceStore, operations: readonly Operation[]): void {
  for (const op of operations) {
    if (op.kind === "put") {
      store.put({ id: String(op.id), sparseVector: op.vector }, 0, 0);
    } else if (op.kind === "delete") {
      store.delete(String(op.id));
    } else {
      store.clear();
    }
  }
}

const summary = (ranked: Scored[]): [string, number][] =>
  ranked.map(({ key, score }) => [key.id, score]);

/** Same ids in the same order with the same scores, bit for bit (`Object.is` tells 0 from -0). */
function identical(left: Scored[], right: Scored[]): boolean {
  return (
    left.length === right.length &&
    left.every(
      (item, i) => item.key === right[i]?.key && Object.is(item.score, (right[i] as Scored).score),
    )
  );
}

describe("SparsePostings against the scan", () => {
  test.prop(
    {
      operations: fc.array(operation, { minLength: 20, maxLength: 150, size: "max" }),
      queries: fc.array(sparseVector, { minLength: 1, maxLength: 4 }),
      limit: fc.constantFrom(1, 3, 10, Number.POSITIVE_INFINITY),
      filtered: fc.boolean(),
    },
    { numRuns: 300 },
  )(
    "rankings and scores are identical after any writes, with and without IDF and a filter",
    ({ operations, queries, limit, filtered }) => {
      const store = new NamespaceStore(0);
      apply(store, operations);
      const options: RankOptions = {
        accept: filtered ? (record) => Number(record.id) % 3 !== 0 : () => true,
        limit,
      };
      for (const raw of queries) {
        for (const query of [raw, weightQuery(raw, store.frequencies)]) {
          if (!identical(store.postings.rank(query, options), scan(store, query, options))) {
            return false;
          }
        }
      }
      // Document frequencies are the posting lists' lengths.
      for (let index = 0; index <= 24; index++) {
        if (store.postings.containing(index) !== store.frequencies.containing(index)) {
          return false;
        }
      }
      return true;
    },
  );
});

describe("SparsePostings", () => {
  unitTest("an overwritten record is scored by its new vector only", ({ expect }) => {
    const store = new NamespaceStore(0);
    const vector = (indices: number[], values: number[]): SparseVector => ({
      indices: Int32Array.from(indices),
      values: Float32Array.from(values),
    });
    store.put({ id: "a", sparseVector: vector([1, 2], [1, 1]) }, 0, 0);
    store.put({ id: "b", sparseVector: vector([2], [3]) }, 0, 0);
    store.put({ id: "a", sparseVector: vector([3], [5]) }, 0, 0);
    const ranked = store.postings.rank(vector([1, 2, 3], [1, 1, 1]), {
      accept: () => true,
      limit: 10,
    });
    expect(summary(ranked)).toEqual([
      ["a", 5],
      ["b", 3],
    ]);
    expect(store.postings.containing(1)).toBe(0);
    store.delete("a");
    expect(store.postings.size).toBe(1);
  });
});

import { fc, test } from "@fast-check/vitest";
import { describe, test as unitTest } from "vitest";
import { type GraphItem, HnswGraph } from "./hnsw.ts";
import { NamespaceStore } from "./namespace-store.ts";
import { VectorArena } from "./vector-arena.ts";

const DIMENSION = 8;
const APPROXIMATE = { metric: "euclidean", minVectors: 1, linkInBackground: false } as const;

function distance(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < left.length; index++) {
    const difference = (left[index] as number) - (right[index] as number);
    sum += difference * difference;
  }
  return sum;
}

/**
 * mulberry32 in [-0.5, 0.5) (an LCG in doubles would cycle within ~10^4 values: duplicate
 * vectors).
 */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32 - 0.5;
  };
}

type Operation =
  | { readonly kind: "put"; readonly id: number; readonly values: number[] }
  | { readonly kind: "delete"; readonly id: number }
  | { readonly kind: "link" };

const component = fc.integer({ min: -100, max: 100 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("put" as const),
      id: fc.integer({ min: 0, max: 60 }),
      values: fc.array(component, { minLength: DIMENSION, maxLength: DIMENSION }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("delete" as const),
      id: fc.integer({ min: 0, max: 60 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "link" as const }) },
);

describe("the namespace graph follows writes", () => {
  test.prop([fc.array(operation, { maxLength: 300 })], { numRuns: 100 })(
    "after any puts and deletes it holds exactly the live vectors, and finds each one itself",
    (operations) => {
      const store = new NamespaceStore(DIMENSION, APPROXIMATE);
      const live = new Map<string, Float32Array>();
      for (const op of operations) {
        if (op.kind === "put") {
          const vector = Float32Array.from(op.values);
          store.put({ id: String(op.id), vector }, 0, 0);
          live.set(String(op.id), vector);
        } else if (op.kind === "delete") {
          store.delete(String(op.id));
          live.delete(String(op.id));
        } else {
          store.linkPending();
        }
      }
      store.linkPending();
      const graph = store.graph;
      if (graph === undefined) {
        return live.size === 0;
      }
      if (graph.linkedCount !== live.size || graph.queuedCount !== 0) {
        return false;
      }
      // Every live vector is reachable: searching for it finds a record at distance 0.
      for (const vector of live.values()) {
        const hits = graph.search(vector, { ef: 64, accept: () => true });
        const nearest = hits[0]?.item;
        const found = nearest === undefined ? undefined : live.get(nearest.id);
        if (found === undefined || distance(found, vector) !== 0) {
          return false;
        }
      }
      return true;
    },
  );

  unitTest("a graph that lost half its nodes keeps its recall", ({ expect }) => {
    const random = seeded(99);
    const store = new NamespaceStore(DIMENSION, APPROXIMATE);
    const live = new Map<string, Float32Array>();
    for (let id = 0; id < 3000; id++) {
      const vector = Float32Array.from({ length: DIMENSION }, random);
      store.put({ id: String(id), vector }, 0, 0);
      live.set(String(id), vector);
    }
    store.linkPending();
    for (let id = 0; id < 3000; id += 2) {
      store.delete(String(id));
      live.delete(String(id));
    }
    let found = 0;
    for (let query = 0; query < 50; query++) {
      const vector = Float32Array.from({ length: DIMENSION }, random);
      const exact = [...live]
        .sort((left, right) => distance(left[1], vector) - distance(right[1], vector))
        .slice(0, 10)
        .map(([id]) => id);
      const hits = store.graph?.search(vector, { ef: 64, accept: () => true }) ?? [];
      const ids = new Set(hits.slice(0, 10).map((hit) => hit.item.id));
      found += exact.filter((id) => ids.has(id)).length;
    }
    expect(found / 500).toBeGreaterThanOrEqual(0.95);
  });
});

describe("linking after deletes", () => {
  unitTest("links left pointing at deleted nodes do not break pruning", ({ expect }) => {
    // Deleted nodes stay named in lists that did not hold them as neighbours; once such a list
    // is full, adding a node prunes it, and pruning used to read the deleted node's vector.
    const random = seeded(7);
    const store = new NamespaceStore(DIMENSION, APPROXIMATE);
    const centre = Array.from({ length: DIMENSION }, random);
    for (let round = 0; round < 4; round++) {
      for (let id = 0; id < 400; id++) {
        const vector = Float32Array.from(centre, (value) => value + 0.01 * random());
        store.put({ id: String((id * 7 + round * 3) % 500), vector }, 0, 0);
        if (id % 3 === 0) {
          store.delete(String((id * 13 + round) % 500));
        }
      }
      store.linkPending();
    }
    const graph = store.graph;
    if (graph === undefined) {
      throw new Error("no graph");
    }
    expect(graph.queuedCount).toBe(0);
  });
});

describe("pruning keeps every node in reach", () => {
  unitTest("no node of a clustered build is left without a link to it", ({ expect }) => {
    // Pruning a full list drops the nodes the heuristic finds redundant; a node every list has
    // dropped is unreachable, whatever a search's ef. Few links (m 4) make that frequent here.
    const dimension = 64;
    const count = 2000;
    const random = seeded(5);
    const arena = new VectorArena(dimension);
    arena.reserve(count);
    const graph = new HnswGraph<GraphItem>({ metric: "cosine", arena, m: 4 });
    const centres = Array.from({ length: 8 }, () => Array.from({ length: dimension }, random));
    for (let slot = 0; slot < count; slot++) {
      const centre = centres[Math.floor((random() + 0.5) * centres.length)] as number[];
      const vector = Float32Array.from(centre, (value) => value + 0.5 * random());
      arena.values.set(vector, slot * dimension);
      graph.add(
        { slot, node: -1 },
        vector.reduce((sum, value) => sum + value * value, 0),
      );
    }
    graph.linkPending();
    const { inDegreeZero, unreachable } = graph.connectivity();
    expect({ inDegreeZero, unreachable: unreachable.length }).toEqual({
      inDegreeZero: 0,
      unreachable: 0,
    });
  });
});

describe("a search scores every node it meets from the node's own row", () => {
  interface Item extends GraphItem {
    readonly id: number;
    norm: number;
  }
  const dimension = 6;
  const metric = fc.constantFrom("cosine" as const, "euclidean" as const, "dot" as const);

  const setup = fc.record({ graphMetric: metric, isWasm: fc.boolean(), seed: fc.integer() });

  test.prop([fc.array(operation, { maxLength: 150 }), setup], { numRuns: 60 })(
    "with ef above the node count each hit is a live node once, with its own row's estimate, nearest first, the same again after other searches",
    (operations, { graphMetric, isWasm, seed }) => {
      // Rows move as the store moves them (swap-remove), so a stale row number would score a
      // stranger's vector.
      const arena = new VectorArena(dimension, { wasmFromBytes: isWasm ? 0 : 1 << 20 });
      const graph = new HnswGraph<Item>({ metric: graphMetric, arena, m: 4 });
      const rows: Item[] = [];
      const live = new Map<number, Item>();
      const norm = (slot: number): number => {
        const row = arena.values.subarray(slot * dimension, (slot + 1) * dimension);
        return row.reduce((sum, value) => sum + value * value, 0);
      };
      for (const op of operations) {
        if (op.kind === "link") {
          graph.linkPending();
          continue;
        }
        const existing = live.get(op.id);
        if (existing !== undefined) {
          graph.remove(existing);
          const last = rows.pop() as Item;
          if (last !== existing) {
            arena.values.copyWithin(
              existing.slot * dimension,
              last.slot * dimension,
              (last.slot + 1) * dimension,
            );
            last.slot = existing.slot;
            rows[last.slot] = last;
            graph.moved(last);
          }
          live.delete(existing.id);
        }
        if (op.kind === "put") {
          const item: Item = { id: op.id, slot: rows.length, norm: 0, node: -1 };
          arena.reserve(rows.length + 1);
          arena.values.set(op.values.slice(0, dimension), item.slot * dimension);
          item.norm = norm(item.slot);
          rows.push(item);
          live.set(op.id, item);
          graph.add(item, item.norm);
        }
      }
      graph.linkPending();
      const liveItems = new Set(live.values());
      const random = seeded(seed);
      const queries = Array.from({ length: 3 }, () =>
        Float32Array.from({ length: dimension }, () => 200 * random()),
      );
      const searchAll = (query: Float32Array) =>
        graph.search(query, { ef: live.size + 1, accept: () => true });
      const first = queries.map(searchAll);
      const again = queries.map(searchAll);
      return queries.every((query, index) => {
        const hits = first[index] ?? [];
        arena.setQuery(query);
        const queryNorm = query.reduce((sum, value) => sum + value * value, 0);
        const expected = (item: Item): number => {
          if (graphMetric === "euclidean") {
            return -Math.fround(arena.queryDistance(item.slot));
          }
          const dot = Math.fround(arena.queryDot(item.slot));
          const product = queryNorm * item.norm;
          return graphMetric === "dot" ? dot : product === 0 ? 0 : dot / Math.sqrt(product);
        };
        return (
          (live.size === 0 || hits.length > 0) &&
          new Set(hits.map((hit) => hit.item)).size === hits.length &&
          hits.every(
            (hit, rank) =>
              liveItems.has(hit.item) &&
              Object.is(hit.estimate, expected(hit.item)) &&
              (rank === 0 || (hits[rank - 1]?.estimate as number) >= hit.estimate),
          ) &&
          JSON.stringify(hits.map((hit) => [hit.item.id, hit.estimate])) ===
            JSON.stringify((again[index] ?? []).map((hit) => [hit.item.id, hit.estimate]))
        );
      });
    },
  );
});

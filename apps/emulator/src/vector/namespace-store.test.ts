import { fc, test } from "@fast-check/vitest";
import { describe, test as unitTest } from "vitest";
import { NamespaceStore } from "./namespace-store.ts";

type Operation =
  | { readonly kind: "put"; readonly id: string; readonly x: number }
  | { readonly kind: "delete"; readonly id: string }
  | { readonly kind: "clear" };

const ids = fc.constantFrom("a", "ab", "abc", "b", "ba", "c", "", "a-1", "a-2", "é");
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant("put" as const), id: ids, x: fc.integer() }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("delete" as const), id: ids }) },
  { weight: 1, arbitrary: fc.constant({ kind: "clear" as const }) },
);

describe("NamespaceStore against a Map model", () => {
  test.prop([fc.array(operation, { maxLength: 200 })], { numRuns: 300 })(
    "vectors, insertion order, prefixes and pages agree after any sequence of writes",
    (operations) => {
      const store = new NamespaceStore(2);
      // A Map keeps first-insertion order across overwrites, as range must (§2.7).
      const model = new Map<string, number>();
      for (const op of operations) {
        if (op.kind === "put") {
          store.put({ id: op.id, vector: Float32Array.from([op.x, 1]) }, 0, 0);
          model.set(op.id, op.x);
        } else if (op.kind === "delete") {
          const existed = model.delete(op.id);
          if (store.delete(op.id) !== existed) {
            return false;
          }
        } else {
          store.clear();
          model.clear();
        }
      }
      const inOrder = [...store.inOrder()].map((record) => record.id);
      const vectorsMatch = [...model].every(([id, x]) => {
        const record = store.get(id);
        const vector = record === undefined ? undefined : store.vectorOf(record);
        return vector?.[0] === Math.fround(x) && vector[1] === 1;
      });
      const prefixesMatch = ["", "a", "ab", "b", "z"].every(
        (prefix) =>
          JSON.stringify(store.withPrefix(prefix).map((record) => record.id)) ===
          JSON.stringify([...model.keys()].filter((id) => id.startsWith(prefix))),
      );
      const paged: string[] = [];
      let cursor = 0;
      for (;;) {
        const page = store.page(cursor, 3);
        paged.push(...page.records.map((record) => record.id));
        if (page.nextCursor === "") {
          break;
        }
        cursor = Number(page.nextCursor);
      }
      return (
        store.size === model.size &&
        store.rows.length === model.size &&
        JSON.stringify(inOrder) === JSON.stringify([...model.keys()]) &&
        JSON.stringify(paged) === JSON.stringify(inOrder) &&
        vectorsMatch &&
        prefixesMatch
      );
    },
  );

  unitTest("pending records count until their time, overwrites included", ({ expect }) => {
    const store = new NamespaceStore(1);
    store.put({ id: "a", vector: Float32Array.of(1) }, 100, 0);
    store.put({ id: "b", vector: Float32Array.of(1) }, 100, 0);
    expect(store.pendingCount(50)).toBe(2);
    store.put({ id: "a", vector: Float32Array.of(2) }, 150, 50);
    store.delete("b");
    expect(store.pendingCount(100)).toBe(1);
    expect(store.pendingCount(150)).toBe(0);
  });
});

unitTest("compaction after many deletes keeps order, rows and prefixes", ({ expect }) => {
  const store = new NamespaceStore(1);
  for (let i = 0; i < 10_000; i++) {
    store.put({ id: `id-${i}`, vector: Float32Array.of(i) }, 0, 0);
  }
  for (let i = 0; i < 10_000; i++) {
    if (i % 10 !== 0) {
      store.delete(`id-${i}`);
    }
  }
  const ids = [...store.inOrder()].map((record) => record.id);
  expect(ids).toHaveLength(1000);
  expect(ids.slice(0, 3)).toEqual(["id-0", "id-10", "id-20"]);
  expect(store.page(0, 2)).toMatchObject({ nextCursor: "2" });
  expect(store.withPrefix("id-999").map((record) => record.id)).toEqual(["id-9990"]);
  const last = store.get("id-9990");
  expect(last === undefined ? undefined : store.vectorOf(last)).toEqual(Float32Array.of(9990));
});

import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { type HashLimits, HashValue, scanPositions } from "./hash.ts";

const SMALL: HashLimits = { maxEntries: 8, maxValueLength: 16 };
const field = fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h", "i", "j");
const operation = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), field, value: fc.string({ maxLength: 3 }) }),
  fc.record({ kind: fc.constant("keep" as const), field, value: fc.string({ maxLength: 3 }) }),
  fc.record({ kind: fc.constant("delete" as const), field }),
  fc.record({ kind: fc.constant("expire" as const), field, at: fc.integer({ min: 1, max: 50 }) }),
  fc.record({ kind: fc.constant("persist" as const), field }),
  fc.record({ kind: fc.constant("tick" as const), now: fc.integer({ min: 0, max: 60 }) }),
);

describe("HashValue", () => {
  fcTest.prop([fc.array(operation, { maxLength: 80 }), fc.boolean()])(
    "agrees with a model, expires exactly the due fields and keeps listpackex order",
    (operations, isLarge) => {
      const limits = isLarge ? { maxEntries: 0, maxValueLength: 0 } : SMALL;
      const hash = new HashValue();
      hash.enableFieldExpiry();
      const values = new Map<string, string>();
      const expiries = new Map<string, number>();
      for (const op of operations) {
        switch (op.kind) {
          case "set":
          case "keep": {
            const isNew =
              op.kind === "set"
                ? hash.set(op.field, op.value, limits)
                : hash.setKeepingTtl(op.field, op.value, limits);
            strictEqual(isNew, !values.has(op.field));
            values.set(op.field, op.value);
            if (op.kind === "set") {
              expiries.delete(op.field);
            }
            break;
          }
          case "delete":
            strictEqual(hash.delete(op.field), values.delete(op.field));
            expiries.delete(op.field);
            break;
          case "expire":
            if (values.has(op.field)) {
              hash.setExpiresAt(op.field, op.at);
              expiries.set(op.field, op.at);
            }
            break;
          case "persist":
            strictEqual(hash.persist(op.field), expiries.delete(op.field));
            break;
          case "tick": {
            const due = [...expiries].filter(([, at]) => at <= op.now).map(([name]) => name);
            strictEqual(hash.hasDueFields(op.now), due.length > 0);
            deepStrictEqual(hash.removeDueFields(op.now).sort(), due.sort());
            for (const name of due) {
              values.delete(name);
              expiries.delete(name);
            }
            break;
          }
          default:
            break;
        }
        deepStrictEqual(new Map(hash.entries()), values);
        for (const [name] of values) {
          strictEqual(hash.expiresAt(name), expiries.get(name));
        }
        if (!hash.isHashtable) {
          // Fields with a TTL first, by expiry time; the rest after.
          const times = [...hash.entries()].map(([name]) => hash.expiresAt(name) ?? Infinity);
          deepStrictEqual(
            times,
            [...times].sort((a, b) => a - b),
          );
        }
      }
    },
  );

  test("encodings: listpack, listpackex once expiry is used, hashtable past the limits", ({
    expect,
  }) => {
    const hash = new HashValue();
    hash.set("a", "1", SMALL);
    expect(hash.encoding()).toBe("listpack");
    hash.enableFieldExpiry();
    expect(hash.encoding()).toBe("listpackex");
    hash.set("b", "x".repeat(17), SMALL);
    expect(hash.encoding()).toBe("hashtable");
    const many = new HashValue();
    many.prepareWrite(["a", "1"], 9, SMALL);
    expect(many.encoding()).toBe("hashtable");
  });

  test("clone copies values and expiries", ({ expect }) => {
    const hash = new HashValue();
    hash.set("a", "1", SMALL);
    hash.setExpiresAt("a", 10);
    const copy = hash.clone();
    copy.set("b", "2", SMALL);
    expect(copy.expiresAt("a")).toBe(10);
    expect(copy.removeDueFields(10)).toEqual(["a"]);
    expect(hash.size).toBe(1);
    expect(copy.encoding()).toBe("listpackex");
  });

  test("scanPositions walks down from the top", ({ expect }) => {
    expect(scanPositions(5, 0, 2)).toEqual({ next: 3, positions: [4, 3] });
    expect(scanPositions(5, 3, 2)).toEqual({ next: 1, positions: [2, 1] });
    expect(scanPositions(5, 1, 2)).toEqual({ next: 0, positions: [0] });
    expect(scanPositions(2, 9, 10)).toEqual({ next: 0, positions: [1, 0] });
    expect(scanPositions(0, 0, 10)).toEqual({ next: 0, positions: [] });
  });
});

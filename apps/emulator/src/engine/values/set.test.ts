import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { isIntegerMember, type SetLimits, SetValue } from "./set.ts";

const LIMITS: SetLimits = { maxIntsetEntries: 6, maxListpackEntries: 4, maxListpackValueLength: 3 };

/** Members that exercise every encoding: small and large integers, short and long strings. */
const member = fc.oneof(
  fc.integer({ min: -20, max: 20 }).map(String),
  fc.constantFrom("-9223372036854775808", "9223372036854775807", "010", "-0"),
  fc.constantFrom("a", "b", "c", "long-member"),
);
const operation = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), member }),
  fc.record({ kind: fc.constant("remove" as const), member }),
);

function compareNumbers(a: string, b: string): number {
  const difference = BigInt(a) - BigInt(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

describe("SetValue", () => {
  fcTest.prop([member, fc.array(operation, { maxLength: 60 })])(
    "agrees with a Set and keeps each encoding's order",
    (first, operations) => {
      const set = SetValue.create(first, 1, LIMITS);
      const model = new Set<string>();
      /** Insertion order of the members added while the set was (or became) a listpack. */
      for (const { kind, member: value } of operations) {
        if (kind === "add") {
          strictEqual(set.add(value, LIMITS), !model.has(value));
          model.add(value);
        } else {
          strictEqual(set.remove(value), model.delete(value));
        }
        strictEqual(set.size, model.size);
        deepStrictEqual([...set.members].sort(), [...model].sort());
        const encoding = set.encoding();
        if (encoding === "intset") {
          strictEqual(set.members.every(isIntegerMember), true);
          ok(set.size <= LIMITS.maxIntsetEntries);
          deepStrictEqual([...set.members], [...set.members].sort(compareNumbers));
        } else if (encoding === "listpack") {
          ok(set.size <= LIMITS.maxListpackEntries);
        }
      }
    },
  );

  fcTest.prop([fc.array(operation, { maxLength: 80 }), fc.array(fc.nat(5), { maxLength: 80 })])(
    "a hashtable scan returns every member present throughout, whatever happens between steps",
    (operations, counts) => {
      const limits: SetLimits = { ...LIMITS, maxListpackEntries: 0, maxIntsetEntries: 0 };
      const set = new SetValue("hashtable");
      for (let i = 0; i < 30; i++) {
        set.add(`stable${i}`, limits);
      }
      const seen = new Set<string>();
      let cursor = 0;
      let step = 0;
      do {
        const { next, positions } = set.scanPositions(cursor, (counts[step] ?? 3) + 1);
        for (const position of positions) {
          seen.add(set.at(position));
        }
        cursor = next;
        const change = operations[step];
        if (change?.kind === "add") {
          set.add(change.member, limits);
        } else if (change !== undefined) {
          set.remove(change.member);
        }
        step++;
      } while (cursor !== 0);
      for (let i = 0; i < 30; i++) {
        strictEqual(seen.has(`stable${i}`), true);
      }
    },
  );

  test("an intset turns into a listpack keeping its sorted integers first", ({ expect }) => {
    const set = SetValue.create("5", 3, LIMITS);
    set.add("5", LIMITS);
    set.add("-1", LIMITS);
    set.add("x", LIMITS);
    expect(set.encoding()).toBe("listpack");
    expect(set.members).toEqual(["-1", "5", "x"]);
  });

  test("convertToIntsetIfPossible sorts integers and refuses strings", ({ expect }) => {
    const set = new SetValue("listpack");
    for (const value of ["3", "-2", "10"]) {
      set.add(value, LIMITS);
    }
    set.convertToIntsetIfPossible(LIMITS);
    expect(set.encoding()).toBe("intset");
    expect(set.members).toEqual(["-2", "3", "10"]);
    const mixed = new SetValue("listpack");
    mixed.add("1", LIMITS);
    mixed.add("a", LIMITS);
    mixed.convertToIntsetIfPossible(LIMITS);
    expect(mixed.encoding()).toBe("listpack");
  });

  test("clone is deep", ({ expect }) => {
    const set = SetValue.create("a", 1, LIMITS);
    set.add("a", LIMITS);
    const copy = set.clone();
    copy.add("b", LIMITS);
    expect(set.members).toEqual(["a"]);
    expect(copy.members).toEqual(["a", "b"]);
    expect(copy.encoding()).toBe(set.encoding());
  });
});

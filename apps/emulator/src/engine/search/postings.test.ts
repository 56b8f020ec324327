import { fc, test } from "@fast-check/vitest";
import { describe, test as example, expect } from "vitest";
import { PostingList, positionList, termFrequency } from "./postings.ts";

describe("PostingList", () => {
  example("appends in order and finds entries by id", ({ expect }) => {
    const list = new PostingList({ term: "t", owner: new Map() });
    list.set(1, 0);
    list.set(4, [2, 7]);
    list.set(9, 3);
    expect([...list.ids()]).toEqual([1, 4, 9]);
    expect(list.get(4)).toEqual([2, 7]);
    expect(list.get(5)).toBeUndefined();
    expect(list.indexOf(5)).toBe(-3);
    expect(termFrequency(list.positionsAt(1))).toBe(2);
    expect(positionList(list.positionsAt(0))).toEqual([0]);
  });

  test.prop([
    fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 40 }), fc.nat(100)), {
      maxLength: 200,
    }),
  ])("agrees with a Map under any order of sets and deletes", (operations) => {
    const list = new PostingList({ term: "t", owner: new Map() });
    const model = new Map<number, number>();
    for (const [isSet, id, position] of operations) {
      if (isSet) {
        list.set(id, position);
        model.set(id, position);
      } else {
        expect(list.delete(id)).toBe(model.delete(id));
      }
    }
    const ids = [...model.keys()].sort((a, b) => a - b);
    expect([...list.ids()]).toEqual(ids);
    expect(list.size).toBe(ids.length);
    for (const id of ids) {
      expect(list.get(id)).toBe(model.get(id));
      expect(list.has(id)).toBe(true);
    }
    expect(list.has(41)).toBe(false);
  });
});

import { fc, test as fcTest } from "@fast-check/vitest";
import { test } from "vitest";
import { RingBuffer } from "./ring-buffer.ts";

fcTest.prop([fc.array(fc.integer()), fc.integer({ min: 1, max: 20 })])(
  "holds the newest items, oldest first",
  (items, capacity) => {
    const buffer = new RingBuffer<number>(capacity);
    for (const item of items) {
      buffer.push(item);
    }
    const expected = items.slice(Math.max(0, items.length - capacity));
    return (
      JSON.stringify(buffer.toArray()) === JSON.stringify(expected) &&
      buffer.total === items.length &&
      buffer.size === expected.length
    );
  },
);

test("last and clear", ({ expect }) => {
  const buffer = new RingBuffer<string>(3);
  for (const item of ["a", "b", "c", "d"]) {
    buffer.push(item);
  }
  expect(buffer.last(2)).toEqual(["c", "d"]);
  buffer.clear();
  expect(buffer.toArray()).toEqual([]);
  expect(() => new RingBuffer(0)).toThrow(RangeError);
});

import { describe, test } from "vitest";
import { raxNodeCount } from "./rax-size.ts";
import { makeStreamId } from "./values/stream-id.ts";

describe("radix tree node count", () => {
  test("an empty tree is its head node; one key adds a leaf under a compressed head", ({
    expect,
  }) => {
    expect(raxNodeCount([])).toBe(1);
    expect(raxNodeCount([makeStreamId(1n, 0n)])).toBe(2);
  });

  test("two keys: the split depends on where they part", ({ expect }) => {
    // Parting at the last byte: the trimmed head, the branching node and two leaves.
    expect(raxNodeCount([makeStreamId(1n, 0n), makeStreamId(1n, 1n)])).toBe(4);
    // Parting in the middle: head, branch, two compressed runs, two leaves.
    expect(raxNodeCount([makeStreamId(1n, 0n), makeStreamId(2n, 0n)])).toBe(6);
    // Parting at the first byte: the head branches itself.
    expect(raxNodeCount([makeStreamId(1n, 0n), makeStreamId(2n ** 63n, 0n)])).toBe(5);
  });

  test("keys under one branching node share it", ({ expect }) => {
    const keys = [0n, 1n, 2n].map((seq) => makeStreamId(5n, seq));
    // head → branch → three leaves
    expect(raxNodeCount(keys)).toBe(5);
  });
});

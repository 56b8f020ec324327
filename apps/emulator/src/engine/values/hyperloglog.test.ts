import { describe, test } from "vitest";
import {
  addElement,
  cachedCardinality,
  countHyperLogLog,
  describeSparse,
  HLL_DENSE,
  HLL_SPARSE,
  HyperLogLog,
  isValidHyperLogLog,
  murmurHash64A,
  patternOfElement,
  sparseToDense,
} from "./hyperloglog.ts";

const hex = (value: string): string => Buffer.from(value, "latin1").toString("hex");

function hllOf(elements: readonly string[], maxSparseBytes = 3000): HyperLogLog {
  const hll = HyperLogLog.create();
  for (const element of elements) {
    addElement(hll, element, maxSparseBytes);
  }
  return hll;
}

describe("MurmurHash64A", () => {
  test("matches Redis's registers for known elements", ({ expect }) => {
    // PFADD h a b c in redis-server sets register 8436 to 1, 12711 to 2 and 15780 to 1
    // (PFDEBUG DECODE: Z:8436 v:1,1 Z:4274 v:2,1 Z:3068 v:1,1 Z:603).
    const registers = ["a", "b", "c"].map((element) => {
      const pattern = patternOfElement(element);
      return [pattern % 16384, Math.floor(pattern / 16384)];
    });
    expect(registers.sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0))).toEqual([
      [8436, 1],
      [12711, 2],
      [15780, 1],
    ]);
  });

  test("hashes every tail length and block the same way", ({ expect }) => {
    const hashes = new Set<string>();
    for (let length = 0; length < 20; length++) {
      hashes.add(murmurHash64A("x".repeat(length)).join(":"));
    }
    expect(hashes.size).toBe(20);
  });
});

describe("the sparse and dense representations", () => {
  test("an empty HLL is a single XZERO run with a valid zero cache", ({ expect }) => {
    const hll = HyperLogLog.create();
    expect(hex(hll.toString())).toBe("48594c4c0100000000000000000000007fff");
    expect(cachedCardinality(hll.toString())).toBe(0);
  });

  test("adding elements edits the opcodes as Redis does", ({ expect }) => {
    const hll = hllOf(["a", "b", "c"]);
    expect(hex(hll.toString())).toBe("48594c4c01000000000000000000008060f38050b1844bfb80425a");
    expect(describeSparse(hll)).toBe("Z:8436 v:1,1 Z:4274 v:2,1 Z:3068 v:1,1 Z:603");
    expect(cachedCardinality(hll.toString())).toBeUndefined();
    expect(countHyperLogLog(hll)).toBe(3);
  });

  test("promotes to dense past the size limit, with the same registers", ({ expect }) => {
    const elements = Array.from({ length: 40 }, (_, i) => `e${i}`);
    const sparse = hllOf(elements);
    const dense = hllOf(elements, 30);
    expect(sparse.encoding).toBe(HLL_SPARSE);
    expect(dense.encoding).toBe(HLL_DENSE);
    expect(countHyperLogLog(dense)).toBe(countHyperLogLog(sparse));
    expect(sparseToDense(sparse)).toBe(true);
    expect(hex(sparse.toString())).toBe(hex(dense.toString()));
  });

  test("validation: magic, encoding and the dense length", ({ expect }) => {
    expect(isValidHyperLogLog(HyperLogLog.create().toString())).toBe(true);
    expect(isValidHyperLogLog("HYLL")).toBe(false);
    expect(isValidHyperLogLog(`HYLX${"\u0001".padEnd(12, "\u0000")}`)).toBe(false);
    expect(isValidHyperLogLog(`HYLL${"\u0002".padEnd(12, "\u0000")}`)).toBe(false);
    expect(isValidHyperLogLog(`HYLL${"\u0000".padEnd(12, "\u0000")}`)).toBe(false);
    expect(isValidHyperLogLog(HyperLogLog.createDense().toString())).toBe(true);
  });

  test("a sparse value not covering 16384 registers counts as corrupt", ({ expect }) => {
    const hll = HyperLogLog.fromString(`${HyperLogLog.create().toString()}\u0000`);
    expect(countHyperLogLog(hll)).toBeUndefined();
    expect(sparseToDense(hll)).toBe(false);
  });
});

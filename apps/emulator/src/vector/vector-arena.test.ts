import { fc, test as fcTest } from "@fast-check/vitest";
import { test } from "vitest";
import { GATHER_ROWS, VectorArena } from "./vector-arena.ts";

/** Σ a·b and Σ (a − b)² in float64: the kernel's float32 lanes must land within rounding of them. */
function reference(
  a: Float32Array,
  b: Float32Array,
): { dot: number; distance: number; scale: number } {
  let dot = 0;
  let distance = 0;
  let scale = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    distance += (x - y) ** 2;
    scale += Math.abs(x * y) + (x - y) ** 2;
  }
  return { dot, distance, scale };
}

const rowsOf = (dimension: number) =>
  fc.array(
    fc.array(fc.float({ min: -4, max: 4, noNaN: true }), {
      minLength: dimension,
      maxLength: dimension,
    }),
    {
      minLength: 2,
      maxLength: 9,
    },
  );

fcTest.prop([fc.integer({ min: 1, max: 40 }).chain(rowsOf), fc.boolean()], { numRuns: 200 })(
  "both kernels' sums match float64 sums within float32 rounding, for every length's tail",
  (rows, isWasm) => {
    const dimension = (rows[0] as number[]).length;
    const arena = new VectorArena(dimension, { wasmFromBytes: isWasm ? 0 : 1 << 20 });
    arena.reserve(rows.length);
    rows.forEach((row, index) => {
      arena.values.set(row, index * dimension);
    });
    const query = Float32Array.from(rows[0] as number[]);
    arena.setQuery(query);
    const dots = arena.scanQuery(0, rows.length);
    if (arena.isWasm !== isWasm) {
      return false;
    }
    return rows.every((row, index) => {
      const { dot, distance, scale } = reference(query, Float32Array.from(row));
      const bound = (dimension + 4) * 2 ** -23 * scale + 1e-30;
      return (
        Math.abs((dots[index] as number) - dot) <= bound &&
        Math.abs(arena.queryDot(index) - dot) <= bound &&
        Math.abs(arena.rowDot(0, index) - dot) <= bound &&
        Math.abs(arena.queryDistance(index) - distance) <= bound &&
        Math.abs(arena.rowDistance(0, index) - distance) <= bound
      );
    });
  },
);

test("rows and the query survive growth and the move to WebAssembly memory", ({ expect }) => {
  const arena = new VectorArena(3);
  arena.reserve(1);
  arena.values.set([1, 2, 3], 0);
  arena.setQuery(Float32Array.of(1, 0, 0));
  arena.reserve(20);
  expect(arena.isWasm).toBe(false);
  arena.values.set([4, 5, 6], 19 * 3);
  arena.reserve(200_000);
  expect(arena.isWasm).toBe(true);
  arena.reserve(400_000);
  expect(arena.capacity).toBeGreaterThanOrEqual(400_000);
  expect(Array.from(arena.values.subarray(0, 3))).toEqual([1, 2, 3]);
  expect(Array.from(arena.values.subarray(57, 60))).toEqual([4, 5, 6]);
  expect(arena.queryDot(19)).toBe(4);
  arena.setQueryFromRow(0);
  expect(arena.queryDot(0)).toBe(14);
  expect(arena.scanQuery(0, 20)[19]).toBe(32);
});

fcTest.prop(
  [
    fc.integer({ min: 1, max: 40 }).chain(rowsOf),
    fc.boolean(),
    fc.array(fc.nat(), { maxLength: 300 }),
  ],
  { numRuns: 200 },
)(
  "a gather gives each listed row the very sum of its own call, in list order, past one block",
  (rows, isWasm, picks) => {
    const dimension = (rows[0] as number[]).length;
    const arena = new VectorArena(dimension, { wasmFromBytes: isWasm ? 0 : 1 << 20 });
    arena.reserve(rows.length);
    rows.forEach((row, index) => {
      arena.values.set(row, index * dimension);
    });
    arena.setQuery(Float32Array.from(rows[rows.length - 1] as number[]));
    // Row numbers in any order, repeated, more of them than one gather takes.
    const listed = picks.map((pick) => pick % rows.length);
    const dots: number[] = [];
    const distances: number[] = [];
    for (let start = 0; start < listed.length; start += GATHER_ROWS) {
      const batch = listed.slice(start, start + GATHER_ROWS);
      arena.gatherList.set(batch);
      arena.gatherQueryDots(batch.length);
      dots.push(...arena.gatherScores.subarray(0, batch.length));
      arena.gatherQueryDistances(batch.length);
      distances.push(...arena.gatherScores.subarray(0, batch.length));
    }
    return (
      arena.isWasm === isWasm &&
      listed.every(
        (row, index) =>
          // Float32 either way: the WebAssembly kernel's sums are, the JavaScript one's rounded.
          Object.is(dots[index], Math.fround(arena.queryDot(row))) &&
          Object.is(distances[index], Math.fround(arena.queryDistance(row))),
      )
    );
  },
);

test("the gather block survives growth and the move to WebAssembly memory", ({ expect }) => {
  const arena = new VectorArena(2);
  arena.reserve(4);
  arena.values.set([1, 0, 0, 1, 2, 2, 3, 1], 0);
  arena.setQuery(Float32Array.of(1, 2));
  arena.reserve(300_000);
  expect(arena.isWasm).toBe(true);
  arena.gatherList.set([3, 0, 2]);
  arena.gatherQueryDots(3);
  expect(Array.from(arena.gatherScores.subarray(0, 3))).toEqual([5, 1, 6]);
  arena.gatherQueryDistances(1);
  expect(arena.gatherScores[0]).toBe(5);
});

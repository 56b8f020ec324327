/**
 * The benches' deterministic generator: mulberry32 on 32-bit integer arithmetic, so every side of a
 * comparison and every run sees the same data. (An LCG multiplied in doubles past 2^53 loses its
 * low bits and falls into a cycle of about 10^4 values: "100,000 documents" or "1,000,000
 * vectors" were then a few thousand distinct ones repeated.)
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  /** A number in (0, 1): never 0, so `Math.log` of it is finite. */
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 1) / (2 ** 32 + 1);
  };
}

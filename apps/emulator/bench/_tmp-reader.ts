import { VectorBodyReader } from "../src/vector/body-reader.ts";
import { parseVectorBody, prefetchVectors } from "../src/vector/json-body.ts";
let seed = 1;
function uniform(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
}
const BATCH = Number(process.env["B"] ?? 1000);
const bodies: Uint8Array[] = [];
for (let b = 0; b < 20; b++) {
  const records = Array.from({ length: BATCH }, (_, index) => ({ id: `v${b * BATCH + index}`, vector: Array.from({ length: 384 }, () => Math.fround(uniform() - 0.5)) }));
  bodies.push(new TextEncoder().encode(JSON.stringify(records)));
}
const reader = new VectorBodyReader({ parallelBodyBytes: 1 });
await reader.read(bodies[0] as Uint8Array);
const t0 = performance.now();
while (!reader.isParallel && performance.now() - t0 < 10000) await new Promise((r) => setTimeout(r, 10));
console.log("worker ready after", (performance.now() - t0).toFixed(0), "ms", reader.isParallel);
for (let round = 0; round < 3; round++) {
  let s = performance.now();
  for (const body of bodies) parseVectorBody(body);
  const inline = ((performance.now() - s) * 1000) / (20 * BATCH);
  s = performance.now();
  for (const body of bodies) prefetchVectors(body, { from: 0, to: body.length });
  const pre = ((performance.now() - s) * 1000) / (20 * BATCH);
  const caches = bodies.map((body) => [prefetchVectors(body, { from: 0, to: body.length })]);
  s = performance.now();
  bodies.forEach((body, i) => parseVectorBody(body, caches[i]));
  const structure = ((performance.now() - s) * 1000) / (20 * BATCH);
  s = performance.now();
  for (const body of bodies) await reader.read(body);
  const parallel = ((performance.now() - s) * 1000) / (20 * BATCH);
  console.log(`inline ${inline.toFixed(2)} µs, prefetch all ${pre.toFixed(2)}, structure with cache ${structure.toFixed(2)}, parallel ${parallel.toFixed(2)} µs a vector`);
}
await reader.close();
console.log(JSON.stringify((globalThis as any).__t.slice(-25).map((r: number[]) => r.map((x) => +x.toFixed(1)))));

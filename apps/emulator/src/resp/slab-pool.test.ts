import { describe, test } from "vitest";
import { SLAB_BYTES, SlabPool } from "./slab-pool.ts";

describe("SlabPool", () => {
  test("slabs come in powers of two from 16 KiB, and a given-back slab is taken again", ({
    expect,
  }) => {
    const pool = new SlabPool({ maxIdleBytes: 1024 * 1024 });
    const small = pool.take(100);
    const large = pool.take(40_656);
    expect(small.length).toBe(SLAB_BYTES);
    expect(large.length).toBe(64 * 1024);
    pool.give(large);
    expect(pool.idleBytes).toBe(64 * 1024);
    expect(pool.take(33_000)).toBe(large);
    expect(pool.take(100)).not.toBe(small);
    expect(pool.idleBytes).toBe(0);
  });

  test("idle slabs past the cap are dropped, and so is a buffer of no size class", ({ expect }) => {
    const pool = new SlabPool({ maxIdleBytes: 2 * SLAB_BYTES });
    const slabs = [pool.take(1), pool.take(1), pool.take(1)];
    for (const slab of slabs) {
      pool.give(slab);
    }
    expect(pool.idleBytes).toBe(2 * SLAB_BYTES);
    pool.give(Buffer.alloc(10_000));
    pool.give(Buffer.alloc(0));
    expect(pool.idleBytes).toBe(2 * SLAB_BYTES);
  });
});

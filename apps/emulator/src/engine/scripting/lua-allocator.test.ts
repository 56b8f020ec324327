import { describe, test } from "vitest";
import {
  BUDGET_LIMIT,
  BUDGET_USED,
  createLuaAllocator,
  createLuaAllocatorInJs,
} from "./lua-allocator.ts";

interface Memory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

interface MemoryApi {
  Memory: new (descriptor: { initial: number }) => Memory;
}

type Realloc = (pointer: number, size: number) => number;
type Free = (pointer: number) => void;

/** The WebAssembly allocator and its JavaScript fallback: the same accounting. */
const allocators = [
  {
    kind: "WebAssembly",
    create: (memory: Memory, realloc: Realloc, free: Free) =>
      createLuaAllocator({ memory, realloc, free }),
  },
  {
    kind: "JavaScript",
    create: (memory: Memory, realloc: Realloc, free: Free) =>
      createLuaAllocatorInJs({ heapF64: () => new Float64Array(memory.buffer), realloc, free }),
  },
];

describe.each(allocators)("the allocator in $kind", ({ create }) => {
  /** The allocator over a fresh memory, with a C allocator that hands out 1000, 2000, … */
  function harness() {
    const wasm = (globalThis as unknown as { WebAssembly: MemoryApi }).WebAssembly;
    const memory = new wasm.Memory({ initial: 1 });
    const calls: string[] = [];
    let next = 1000;
    const alloc = create(
      memory,
      (pointer, size) => {
        calls.push(`realloc ${pointer} ${size}`);
        if (size > 60_000) {
          // As the C allocator does for a block its heap has no room for.
          memory.grow(1);
        }
        if (pointer !== 0) {
          return pointer;
        }
        next += 1000;
        return next;
      },
      (pointer) => {
        calls.push(`free ${pointer}`);
      },
    );
    const budget = new Float64Array(memory.buffer, 64, 2);
    budget[BUDGET_USED >> 3] = 0;
    budget[BUDGET_LIMIT >> 3] = Number.POSITIVE_INFINITY;
    return { alloc, calls, budget, memory, ud: 64 };
  }

  test("counts what it hands out and gives back, as lua_Alloc sizes say", ({ expect }) => {
    const { alloc, calls, budget, ud } = harness();
    // A new block: osize is the object's kind (5, a table), not a size.
    expect(alloc(ud, 0, 5, 56)).toBe(2000);
    expect(budget[0]).toBe(56);
    expect(alloc(ud, 2000, 56, 120)).toBe(2000);
    expect(budget[0]).toBe(120);
    expect(alloc(ud, 2000, 120, 0)).toBe(0);
    expect(budget[0]).toBe(0);
    expect(calls).toEqual(["realloc 0 56", "realloc 2000 120", "free 2000"]);
  });

  test("past its limit refuses to grow, and still shrinks and frees", ({ expect }) => {
    const { alloc, calls, budget, ud } = harness();
    budget[1] = 100;
    expect(alloc(ud, 0, 4, 80)).toBe(2000);
    expect(alloc(ud, 0, 4, 40)).toBe(0);
    expect(budget[0]).toBe(80);
    budget[1] = 10;
    expect(alloc(ud, 2000, 80, 20)).toBe(2000);
    expect(budget[0]).toBe(20);
    expect(alloc(ud, 2000, 20, 0)).toBe(0);
    expect(budget[0]).toBe(0);
    expect(calls).toEqual(["realloc 0 80", "realloc 2000 20", "free 2000"]);
  });

  test("counts a block whose allocation grew the memory (detaching the old views)", ({
    expect,
  }) => {
    const { alloc, memory, ud } = harness();
    expect(alloc(ud, 0, 4, 70_000)).toBe(2000);
    expect(new Float64Array(memory.buffer, ud, 2)[0]).toBe(70_000);
  });
});

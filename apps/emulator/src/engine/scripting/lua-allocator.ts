/**
 * The `lua_Alloc` every Lua state allocates through, as a small WebAssembly function of its own:
 * it counts a state's bytes and refuses growth past its limit, and calls the Lua module's
 * `realloc`/`free` directly. Written in JavaScript it cost a call out of wasm and one back in on
 * every allocation (a table is two, a new string one), a tenth of a short script's time.
 *
 * Its `ud` is the address of the state's budget in wasm memory: two doubles, the bytes in use and
 * the limit (Infinity for none). The module is assembled here byte by byte, so nothing is compiled
 * at install time; `luaAllocatorSource` below is the same function in the text format.
 */

import {
  F64,
  I32,
  moduleBytes,
  name,
  SECTION,
  sized,
  webAssembly,
} from "../../wasm/module-bytes.ts";

/** Offsets in a budget block. */
export const BUDGET_USED = 0;
export const BUDGET_LIMIT = 8;
/** Bytes of a budget block. */
export const BUDGET_BYTES = 16;

/** What the allocator calls: the Lua module's memory and its C allocator. */
export interface AllocatorImports {
  readonly memory: unknown;
  readonly realloc: unknown;
  readonly free: unknown;
}

/**
 * The function in WebAssembly's text format, for review (the bytes below encode it):
 *
 *     (func (export "alloc") (param $ud i32) (param $ptr i32) (param $osize i32) (param $nsize i32)
 *                            (result i32) (local $used f64) (local $previous f64) (local $block i32)
 *       ;; with no block, osize is the kind of object being created, not a size
 *       (local.set $previous (if (result f64) (local.get $ptr)
 *         (then (f64.convert_i32_u (local.get $osize))) (else (f64.const 0))))
 *       (if (i32.eqz (local.get $nsize)) (then
 *         (call $free (local.get $ptr))
 *         (f64.store (local.get $ud) (f64.sub (f64.load (local.get $ud)) (local.get $previous)))
 *         (return (i32.const 0))))
 *       (local.set $used (f64.add (f64.sub (f64.load (local.get $ud)) (local.get $previous))
 *                                 (f64.convert_i32_u (local.get $nsize))))
 *       ;; shrinking never fails: Lua relies on it
 *       (if (i32.and (f64.gt (f64.convert_i32_u (local.get $nsize)) (local.get $previous))
 *                    (f64.gt (local.get $used) (f64.load offset=8 (local.get $ud))))
 *         (then (return (i32.const 0))))
 *       (local.tee $block (call $realloc (local.get $ptr) (local.get $nsize)))
 *       (if (then (f64.store (local.get $ud) (local.get $used))))
 *       (local.get $block))
 */
const op = {
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  call: 0x10,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  return: 0x0f,
  i32Const: 0x41,
  i32Eqz: 0x45,
  i32And: 0x71,
  f64Const: 0x44,
  f64Load: 0x2b,
  f64Store: 0x39,
  f64Add: 0xa0,
  f64Sub: 0xa1,
  f64Gt: 0x64,
  f64FromU32: 0xb8,
  voidBlock: 0x40,
} as const;
/** Parameters and locals of `alloc`. */
const UD = 0;
const PTR = 1;
const OSIZE = 2;
const NSIZE = 3;
const USED = 4;
const PREVIOUS = 5;
const BLOCK = 6;
/** Imported function indexes. */
const REALLOC = 0;
const FREE = 1;
/** A memarg for an 8-byte access at `offset` (< 128). */
const f64At = (offset: number): number[] => [3, offset];

const BODY = [
  // locals: 2 × f64 ($used, $previous), 1 × i32 ($block)
  2,
  2,
  F64,
  1,
  I32,
  ...[op.localGet, PTR, op.if, F64, op.localGet, OSIZE, op.f64FromU32, op.else],
  ...[op.f64Const, 0, 0, 0, 0, 0, 0, 0, 0, op.end, op.localSet, PREVIOUS],
  ...[op.localGet, NSIZE, op.i32Eqz, op.if, op.voidBlock],
  ...[op.localGet, PTR, op.call, FREE],
  ...[op.localGet, UD, op.localGet, UD, op.f64Load, ...f64At(BUDGET_USED)],
  ...[op.localGet, PREVIOUS, op.f64Sub, op.f64Store, ...f64At(BUDGET_USED)],
  ...[op.i32Const, 0, op.return, op.end],
  ...[op.localGet, UD, op.f64Load, ...f64At(BUDGET_USED), op.localGet, PREVIOUS, op.f64Sub],
  ...[op.localGet, NSIZE, op.f64FromU32, op.f64Add, op.localSet, USED],
  ...[op.localGet, NSIZE, op.f64FromU32, op.localGet, PREVIOUS, op.f64Gt],
  ...[op.localGet, USED, op.localGet, UD, op.f64Load, ...f64At(BUDGET_LIMIT), op.f64Gt, op.i32And],
  ...[op.if, op.voidBlock, op.i32Const, 0, op.return, op.end],
  ...[op.localGet, PTR, op.localGet, NSIZE, op.call, REALLOC, op.localTee, BLOCK],
  ...[op.if, op.voidBlock, op.localGet, UD, op.localGet, USED, op.f64Store, ...f64At(BUDGET_USED)],
  ...[op.end, op.localGet, BLOCK, op.end],
];

/** The module's bytes: imports env.memory, env.realloc, env.free; exports `alloc`. */
function allocatorModuleBytes(): Uint8Array {
  const types = [
    3,
    ...[0x60, 2, I32, I32, 1, I32], // realloc
    ...[0x60, 1, I32, 0], // free
    ...[0x60, 4, I32, I32, I32, I32, 1, I32], // alloc
  ];
  const imports = [
    3,
    ...[...name("env"), ...name("memory"), 0x02, 0x00, 0x00],
    ...[...name("env"), ...name("realloc"), 0x00, 0],
    ...[...name("env"), ...name("free"), 0x00, 1],
  ];
  return moduleBytes([
    [SECTION.type, types],
    [SECTION.import, imports],
    [SECTION.function, [1, 2]],
    [SECTION.export, [1, ...name("alloc"), 0x00, 2]],
    [SECTION.code, [1, ...sized(BODY)]],
  ]);
}

/** The allocator, instantiated over the Lua module's memory and allocator. */
export function createLuaAllocator(imports: AllocatorImports): (...args: number[]) => number {
  const instance = new webAssembly.Instance(new webAssembly.Module(allocatorModuleBytes()), {
    env: { memory: imports.memory, realloc: imports.realloc, free: imports.free },
  });
  return instance.exports["alloc"] as (...args: number[]) => number;
}

/** What the allocator in JavaScript calls: a view of the heap as doubles, and the C allocator. */
export interface JsAllocatorImports {
  /** The heap as doubles, made anew when memory growth has detached the last one. */
  readonly heapF64: () => Float64Array;
  readonly realloc: (pointer: number, size: number) => number;
  readonly free: (pointer: number) => void;
}

/**
 * The same allocator in JavaScript, for a Lua module whose memory and C allocator are reachable
 * only through emscripten's wrappers: a call out of wasm and back per allocation, the same
 * accounting.
 */
export function createLuaAllocatorInJs(imports: JsAllocatorImports): (...args: number[]) => number {
  const { heapF64, realloc, free } = imports;
  // biome-ignore lint/complexity/useMaxParams: lua_Alloc's C signature, called from wasm.
  return (budget: number, pointer: number, oldSize: number, newSize: number): number => {
    const heap = heapF64();
    const usedAt = (budget + BUDGET_USED) >> 3;
    // With no block, `osize` is the kind of object being created, not a size.
    const previous = pointer === 0 ? 0 : oldSize >>> 0;
    const size = newSize >>> 0;
    if (size === 0) {
      free(pointer);
      heap[usedAt] = (heap[usedAt] as number) - previous;
      return 0;
    }
    const used = (heap[usedAt] as number) - previous + size;
    // Shrinking never fails: Lua relies on it.
    if (size > previous && used > (heap[(budget + BUDGET_LIMIT) >> 3] as number)) {
      return 0;
    }
    const block = realloc(pointer, size);
    if (block !== 0) {
      // Read again: realloc may have grown the memory.
      heapF64()[usedAt] = used;
    }
    return block;
  };
}

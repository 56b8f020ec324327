/**
 * WebAssembly's binary format (core 2.0, §5), what the emulator needs of it to assemble its own
 * small modules byte by byte (the vector kernel, the Lua allocator): nothing is compiled at
 * install time and no toolchain is needed. And the `WebAssembly` global, typed: the project's
 * TypeScript libs declare no WebAssembly values.
 */

/** Value types (§5.3.1). */
export const I32 = 0x7f;
export const F32 = 0x7d;
export const F64 = 0x7c;
export const V128 = 0x7b;

/** Section ids (§5.5.2). */
export const SECTION = {
  type: 1,
  import: 2,
  function: 3,
  export: 7,
  code: 10,
} as const;

/** An unsigned integer in LEB128 (§5.2.2). */
export function unsignedLeb(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) {
      byte |= 0x80;
    }
    out.push(byte);
  } while (rest !== 0);
  return out;
}

/** A signed integer in LEB128 (§5.2.2). */
export function signedLeb(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    if ((rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

/** Bytes prefixed by their length (vectors, function bodies, section payloads). */
export function sized(bytes: readonly number[]): number[] {
  return [...unsignedLeb(bytes.length), ...bytes];
}

/** A name: its UTF-8 bytes, sized. */
export function name(text: string): number[] {
  return sized([...new TextEncoder().encode(text)]);
}

/** A module: the magic number and version, then each section, `[id, payload]`, in order. */
export function moduleBytes(
  sections: readonly (readonly [number, readonly number[]])[],
): Uint8Array {
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...sections.flatMap(([id, payload]) => [id, ...sized(payload)]),
  ]);
}

/** A `WebAssembly.Memory`. */
export interface WasmMemory<TBuffer extends ArrayBufferLike = ArrayBuffer> {
  readonly buffer: TBuffer;
  grow(pages: number): number;
}

interface WebAssemblyApi {
  readonly Memory: new (descriptor: {
    initial: number;
    maximum?: number;
    shared?: boolean;
  }) => WasmMemory<ArrayBufferLike>;
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (
    module: object,
    imports: Record<string, Record<string, unknown>>,
  ) => { readonly exports: Record<string, unknown> };
  instantiate(...args: unknown[]): Promise<unknown>;
}

export const webAssembly = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

/**
 * The dense rows of one namespace in one contiguous float32 array (issue 21), row `r` at float
 * offset `r · dimension` of {@link VectorArena.values}, shared by the exact scan and the HNSW
 * graph, with the dot products and distances both need.
 *
 * A small namespace keeps its rows in an ordinary `ArrayBuffer` (grown by doubling) and computes
 * in JavaScript. From {@link WASM_FROM_BYTES} of rows on they move, once, into a
 * `WebAssembly.Memory` of their own, where the SIMD kernel (`simd-kernel.ts`) reads them in place
 * and which grows in place (no copy, 1/64 of slack): a memory costs at least a 64 KiB page,
 * too much for the many tiny namespaces an application may keep, and the kernel only pays off
 * on many rows anyway. Each growth replaces the `values` view, so callers read it after a write.
 *
 * Layout in bytes, in both: a query slot (the vector a scan or a graph search compares rows with),
 * an output block for {@link VectorArena.scanQuery} chunks, a gather block (row numbers and their
 * scores for {@link VectorArena.gatherQueryDots}), then the rows.
 */
import {
  createMemory,
  type GatherArguments,
  instantiateKernel,
  type SharedMemory,
  type SimdKernel,
} from "./simd-kernel.ts";

const PAGE_BYTES = 65_536;
/** Bytes of rows from which they live in WebAssembly memory. */
export const WASM_FROM_BYTES = 1 << 20;
/** Rows per scan chunk in WebAssembly memory: their dot products land in the output block. */
const WASM_CHUNK_ROWS = 4096;
/** Rows a gather compares at once: a graph node's links (32 at level 0 with the default M). */
export const GATHER_ROWS = 128;
/** The gather block: the row numbers, then their scores. */
const GATHER_BYTES = GATHER_ROWS * 8;

function alignTo16(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}

/**
 * The kernel's operations in JavaScript over the same layout (addresses in bytes): float64 sums,
 * nearer the exact value than the float32 lanes, so within the same bound of the service's.
 */
class JavascriptKernel implements SimdKernel {
  /** The arena's whole array, set by the arena at every layout. */
  values: Float32Array<ArrayBufferLike> = new Float32Array(0);
  /** The same bytes as int32 (the gather lists). */
  ints: Int32Array<ArrayBufferLike> = new Int32Array(0);

  dot(a: number, b: number, n: number): number {
    const values = this.values;
    const left = a >> 2;
    const right = b >> 2;
    let even = 0;
    let odd = 0;
    let i = 0;
    for (; i + 1 < n; i += 2) {
      even += (values[left + i] as number) * (values[right + i] as number);
      odd += (values[left + i + 1] as number) * (values[right + i + 1] as number);
    }
    if (i < n) {
      even += (values[left + i] as number) * (values[right + i] as number);
    }
    return even + odd;
  }

  l2(a: number, b: number, n: number): number {
    const values = this.values;
    const left = a >> 2;
    const right = b >> 2;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const difference = (values[left + i] as number) - (values[right + i] as number);
      sum += difference * difference;
    }
    return sum;
  }

  // biome-ignore lint/complexity/useMaxParams: the WebAssembly kernel's `scan` signature.
  scan(query: number, rows: number, count: number, n: number, out: number): void {
    const values = this.values;
    const first = out >> 2;
    for (let row = 0; row < count; row++) {
      values[first + row] = this.dot(query, rows + row * n * 4, n);
    }
  }

  gatherDot(...[query, rows, n, list, count, out]: GatherArguments): void {
    const { values, ints } = this;
    for (let index = 0; index < count; index++) {
      const row = ints[(list >> 2) + index] as number;
      values[(out >> 2) + index] = this.dot(query, rows + row * n * 4, n);
    }
  }

  gatherL2(...[query, rows, n, list, count, out]: GatherArguments): void {
    const { values, ints } = this;
    for (let index = 0; index < count; index++) {
      const row = ints[(list >> 2) + index] as number;
      values[(out >> 2) + index] = this.l2(query, rows + row * n * 4, n);
    }
  }
}

export class VectorArena {
  readonly dimension: number;
  readonly #rowBytes: number;
  readonly #wasmFromBytes: number;
  readonly #queryAddress = 0;
  /** The WebAssembly memory once the rows moved there. */
  #memory: SharedMemory | undefined;
  readonly #javascript: JavascriptKernel;
  #kernel: SimdKernel;
  #outAddress = 0;
  #gatherAddress = 0;
  #rowsAddress = 0;
  #chunkRows = 0;
  #capacity = 0;
  #all: Float32Array<ArrayBufferLike> = new Float32Array(0);
  #values: Float32Array<ArrayBufferLike> = new Float32Array(0);
  #out: Float32Array<ArrayBufferLike> = new Float32Array(0);
  #gatherList: Int32Array<ArrayBufferLike> = new Int32Array(0);
  #gatherScores: Float32Array<ArrayBufferLike> = new Float32Array(0);

  /** @param options.wasmFromBytes bytes of rows from which they move to WebAssembly (tests). */
  constructor(dimension: number, options: { readonly wasmFromBytes?: number } = {}) {
    this.dimension = dimension;
    this.#rowBytes = dimension * 4;
    this.#wasmFromBytes = options.wasmFromBytes ?? WASM_FROM_BYTES;
    this.#javascript = new JavascriptKernel();
    this.#kernel = this.#javascript;
    this.#layOutSmall(0);
  }

  /** Rows `0 … capacity − 1`; replaced when the rows grow. */
  get values(): Float32Array {
    return this.#values;
  }

  /** Rows there is room for now. */
  get capacity(): number {
    return this.#capacity;
  }

  /** Rows {@link scanQuery} takes at once. */
  get chunkRows(): number {
    return this.#chunkRows;
  }

  /** Whether the rows are in WebAssembly memory (the SIMD kernel). */
  get isWasm(): boolean {
    return this.#memory !== undefined;
  }

  /** Bytes reserved: rows up to {@link capacity} and the query and output blocks. */
  get byteLength(): number {
    return this.#all.byteLength;
  }

  /** Makes room for `rows` rows. */
  reserve(rows: number): void {
    if (rows <= this.#capacity) {
      return;
    }
    const memory = this.#memory;
    if (memory !== undefined) {
      // Growth commits pages of the reserved address space in place (no copy), so a small step
      // costs little and leaves little unused: 1/64, about 24 bytes a 384-dimension row.
      const wanted = Math.max(rows, this.#capacity + (this.#capacity >> 6));
      const bytes = this.#rowsAddress + wanted * this.#rowBytes;
      memory.grow(Math.ceil(bytes / PAGE_BYTES) - memory.buffer.byteLength / PAGE_BYTES);
      this.#viewWasm(memory);
      return;
    }
    const doubled = Math.max(rows, this.#capacity * 2, 16);
    if (doubled * this.#rowBytes >= this.#wasmFromBytes) {
      this.#moveToWasm(rows);
    } else {
      this.#layOutSmall(doubled);
    }
  }

  /** Sets the query slot: later `queryDot`/`queryDistance`/`scanQuery` compare rows with it. */
  setQuery(query: Float32Array): void {
    this.#all.set(query, this.#queryAddress / 4);
  }

  /** Copies row `row` into the query slot. */
  setQueryFromRow(row: number): void {
    const start = this.#rowsAddress / 4 + row * this.dimension;
    this.#all.copyWithin(this.#queryAddress / 4, start, start + this.dimension);
  }

  /** Σ query·row (an estimate: not the service's summation order). */
  queryDot(row: number): number {
    return this.#kernel.dot(this.#queryAddress, this.#address(row), this.dimension);
  }

  /** Σ (query − row)² (an estimate). */
  queryDistance(row: number): number {
    return this.#kernel.l2(this.#queryAddress, this.#address(row), this.dimension);
  }

  /** Σ a·b of two rows (an estimate). */
  rowDot(a: number, b: number): number {
    return this.#kernel.dot(this.#address(a), this.#address(b), this.dimension);
  }

  /** Σ (a − b)² of two rows (an estimate). */
  rowDistance(a: number, b: number): number {
    return this.#kernel.l2(this.#address(a), this.#address(b), this.dimension);
  }

  /**
   * The query's dot product with rows `first … first + count − 1` (count ≤ {@link chunkRows}),
   * as a view valid until the next call: entry `i` is row `first + i`.
   */
  scanQuery(first: number, count: number): Float32Array {
    this.#kernel.scan(
      this.#queryAddress,
      this.#address(first),
      count,
      this.dimension,
      this.#outAddress,
    );
    return this.#out;
  }

  /**
   * Row numbers for {@link gatherQueryDots} and {@link gatherQueryDistances}, {@link GATHER_ROWS}
   * of them; replaced when the rows grow.
   */
  get gatherList(): Int32Array {
    return this.#gatherList;
  }

  /**
   * What the last gather computed, entry `i` for `gatherList[i]`, as float32: the WebAssembly
   * kernel's own sums, the JavaScript kernel's rounded. Replaced when the rows grow.
   */
  get gatherScores(): Float32Array {
    return this.#gatherScores;
  }

  /** Σ query·row into `gatherScores` for the first `count` rows of `gatherList` (estimates). */
  gatherQueryDots(count: number): void {
    const scores = this.#gatherAddress + GATHER_ROWS * 4;
    const kernel = this.#kernel;
    kernel.gatherDot(
      this.#queryAddress,
      this.#rowsAddress,
      this.dimension,
      this.#gatherAddress,
      count,
      scores,
    );
  }

  /** Σ (query − row)² into `gatherScores` for the first `count` rows of `gatherList`. */
  gatherQueryDistances(count: number): void {
    const scores = this.#gatherAddress + GATHER_ROWS * 4;
    const kernel = this.#kernel;
    kernel.gatherL2(
      this.#queryAddress,
      this.#rowsAddress,
      this.dimension,
      this.#gatherAddress,
      count,
      scores,
    );
  }

  #address(row: number): number {
    return this.#rowsAddress + row * this.#rowBytes;
  }

  /** An ArrayBuffer for `capacity` rows, its output block as long as the rows, rows copied. */
  #layOutSmall(capacity: number): void {
    const previous = this.#all;
    const previousRows = this.#rowsAddress;
    this.#outAddress = alignTo16(this.#rowBytes);
    this.#chunkRows = Math.max(capacity, 1);
    this.#gatherAddress = this.#outAddress + alignTo16(this.#chunkRows * 4);
    this.#rowsAddress = this.#gatherAddress + GATHER_BYTES;
    this.#all = new Float32Array((this.#rowsAddress + capacity * this.#rowBytes) / 4);
    this.#javascript.values = this.#all;
    this.#javascript.ints = new Int32Array(this.#all.buffer);
    this.#viewGather();
    this.#copyFrom(previous, previousRows);
    this.#capacity = capacity;
    this.#values = new Float32Array(this.#all.buffer, this.#rowsAddress, capacity * this.dimension);
    this.#out = new Float32Array(this.#all.buffer, this.#outAddress, this.#chunkRows);
  }

  #moveToWasm(rows: number): void {
    const previous = this.#all;
    const previousRows = this.#rowsAddress;
    this.#outAddress = alignTo16(this.#rowBytes);
    this.#chunkRows = WASM_CHUNK_ROWS;
    this.#gatherAddress = this.#outAddress + WASM_CHUNK_ROWS * 4;
    this.#rowsAddress = this.#gatherAddress + GATHER_BYTES;
    const memory = createMemory(
      Math.ceil((this.#rowsAddress + rows * this.#rowBytes) / PAGE_BYTES),
    );
    this.#memory = memory;
    this.#kernel = instantiateKernel(memory);
    this.#viewWasm(memory);
    this.#copyFrom(previous, previousRows);
  }

  /** Copies the query slot and the rows of the previous layout into the current one. */
  #copyFrom(previous: Float32Array, previousRowsAddress: number): void {
    if (previous.length === 0) {
      return;
    }
    this.#all.set(previous.subarray(0, this.dimension), this.#queryAddress / 4);
    this.#all.set(previous.subarray(previousRowsAddress / 4), this.#rowsAddress / 4);
  }

  #viewGather(): void {
    const buffer = this.#all.buffer;
    this.#gatherList = new Int32Array(buffer, this.#gatherAddress, GATHER_ROWS);
    this.#gatherScores = new Float32Array(
      buffer,
      this.#gatherAddress + GATHER_ROWS * 4,
      GATHER_ROWS,
    );
  }

  #viewWasm(memory: SharedMemory): void {
    const buffer = memory.buffer;
    this.#all = new Float32Array(buffer);
    this.#out = new Float32Array(buffer, this.#outAddress, WASM_CHUNK_ROWS);
    this.#viewGather();
    this.#capacity =
      this.#rowBytes === 0
        ? 0
        : Math.max(0, Math.floor((buffer.byteLength - this.#rowsAddress) / this.#rowBytes));
    this.#values = new Float32Array(buffer, this.#rowsAddress, this.#capacity * this.dimension);
  }
}

/**
 * The dense rows of one namespace in a `WebAssembly.Memory` of their own (issue 21), so the SIMD
 * kernel (`simd-kernel.ts`) reads them where they are: one contiguous float32 array, row `r` at
 * float offset `r · dimension` of {@link VectorArena.values}, shared by the exact scan and the
 * HNSW graph. The memory grows in place (no copy, no doubling slack); each growth replaces the
 * `values` view, so callers read it afresh after a write.
 *
 * Layout in bytes: a query slot (the vector a scan or a graph search compares rows with), an
 * output block for {@link VectorArena.scanQuery} chunks, then the rows.
 */
import {
  createMemory,
  instantiateKernel,
  type SimdKernel,
  type WasmMemory,
} from "./simd-kernel.ts";

const PAGE_BYTES = 65_536;
/** Rows per scan chunk: their dot products land in the output block before JavaScript reads them. */
export const SCAN_CHUNK_ROWS = 4096;

function alignTo16(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}

export class VectorArena {
  readonly dimension: number;
  readonly #memory: WasmMemory;
  readonly #kernel: SimdKernel;
  readonly #rowBytes: number;
  readonly #queryAddress = 0;
  readonly #outAddress: number;
  readonly #rowsAddress: number;
  #capacity = 0;
  #values = new Float32Array(0);
  #all = new Float32Array(0);
  #out = new Float32Array(0);

  constructor(dimension: number) {
    this.dimension = dimension;
    this.#rowBytes = dimension * 4;
    this.#outAddress = alignTo16(this.#rowBytes);
    this.#rowsAddress = this.#outAddress + SCAN_CHUNK_ROWS * 4;
    this.#memory = createMemory(Math.ceil(this.#rowsAddress / PAGE_BYTES));
    this.#kernel = instantiateKernel(this.#memory);
    this.#refreshViews();
  }

  /** Rows `0 … capacity − 1`; replaced when the memory grows. */
  get values(): Float32Array {
    return this.#values;
  }

  /** Rows the memory holds now. */
  get capacity(): number {
    return this.#capacity;
  }

  /** Bytes reserved: rows up to {@link capacity} and the query and output blocks. */
  get byteLength(): number {
    return this.#memory.buffer.byteLength;
  }

  /** Makes room for `rows` rows, growing by at least an eighth so appends stay amortized. */
  reserve(rows: number): void {
    if (rows <= this.#capacity) {
      return;
    }
    const wanted = Math.max(rows, this.#capacity + (this.#capacity >> 3));
    const bytes = this.#rowsAddress + wanted * this.#rowBytes;
    const pages = Math.ceil(bytes / PAGE_BYTES) - this.#memory.buffer.byteLength / PAGE_BYTES;
    this.#memory.grow(pages);
    this.#refreshViews();
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

  /** Σ query·row, float32 lanes (an estimate: not the service's summation order). */
  queryDot(row: number): number {
    return this.#kernel.dot(this.#queryAddress, this.#address(row), this.dimension);
  }

  /** Σ (query − row)², float32 lanes (an estimate). */
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
   * The query's dot product with rows `first … first + count − 1` (count ≤ {@link SCAN_CHUNK_ROWS}),
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

  #address(row: number): number {
    return this.#rowsAddress + row * this.#rowBytes;
  }

  #refreshViews(): void {
    const buffer = this.#memory.buffer;
    this.#all = new Float32Array(buffer);
    this.#out = new Float32Array(buffer, this.#outAddress, SCAN_CHUNK_ROWS);
    this.#capacity =
      this.#rowBytes === 0
        ? 0
        : Math.max(0, Math.floor((buffer.byteLength - this.#rowsAddress) / this.#rowBytes));
    this.#values = new Float32Array(buffer, this.#rowsAddress, this.#capacity * this.dimension);
  }
}

/**
 * A growable byte queue for the streaming parsers: chunks are appended at the end and consumed
 * from the front. Growth doubles the capacity and compaction only happens when at most half is
 * live, so appending N bytes in any number of chunks costs O(N) copying in total.
 */

/** Capacity above which an emptied buffer is released instead of kept for reuse. */
const RETAINED_BYTES = 64 * 1024;
const MIN_CAPACITY = 4096;

/** The bytes a streaming parser has received but not yet consumed. */
export class ByteBuffer {
  #bytes = new Uint8Array(0);
  #start = 0;
  #end = 0;

  /** The number of bytes held. */
  get length(): number {
    return this.#end - this.#start;
  }

  /** The bytes held, as a view that is valid until the next `append` or `consume`. */
  view(): Uint8Array {
    return this.#bytes.subarray(this.#start, this.#end);
  }

  /** Copies `chunk` in after the bytes held. */
  append(chunk: Uint8Array): void {
    if (chunk.length === 0) {
      return;
    }
    const live = this.#end - this.#start;
    const capacity = this.#bytes.length;
    if (this.#end + chunk.length > capacity) {
      if (live + chunk.length <= capacity >>> 1) {
        this.#bytes.copyWithin(0, this.#start, this.#end);
      } else {
        const grown = new Uint8Array(Math.max(MIN_CAPACITY, capacity * 2, live + chunk.length));
        grown.set(this.#bytes.subarray(this.#start, this.#end));
        this.#bytes = grown;
      }
      this.#start = 0;
      this.#end = live;
    }
    this.#bytes.set(chunk, this.#end);
    this.#end += chunk.length;
  }

  /** Drops the first `count` bytes held. */
  consume(count: number): void {
    this.#start += count;
    if (this.#start >= this.#end) {
      this.#start = 0;
      this.#end = 0;
      // After a large value, give the memory back rather than keep it for the connection's life.
      if (this.#bytes.length > RETAINED_BYTES) {
        this.#bytes = new Uint8Array(0);
      }
    }
  }
}

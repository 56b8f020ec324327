/**
 * An inverted index over one namespace's sparse vectors: for each sparse dimension, the postings
 * (record, value) of the records that have it. A sparse query then walks only its own dimensions'
 * postings instead of every record (vector-rest-wire.md §4.2), which is what makes BM25 and
 * hybrid queries cost what their terms match rather than the namespace's size.
 *
 * Scores are bit-identical to `sparseScore`'s merge over one record: the query's dimensions are
 * walked in ascending order, so each record's products are summed in the same order, with the
 * same float32 rounding after every step, starting from the same 0.
 */
import { f32 } from "./float32.ts";
import type { StoredRecord } from "./namespace-store.ts";
import { type RankOptions, type Scored, TopK } from "./ranking.ts";
import type { SparseVector } from "./sparse.ts";

const INITIAL_LIST_CAPACITY = 4;

/** The postings of one dimension: parallel arrays, unordered (swap-remove on delete). */
interface PostingList {
  slots: Int32Array;
  values: Float32Array;
  length: number;
}

/** A record's place in the index: its slot, and its position in each of its dimensions' lists. */
interface Entry {
  readonly slot: number;
  readonly indices: Int32Array;
  readonly positions: Int32Array;
}

export class SparsePostings {
  #lists = new Map<number, PostingList>();
  #entries = new Map<StoredRecord, Entry>();
  /** Records and entries by slot; freed slots are reused. */
  #records: (StoredRecord | undefined)[] = [];
  #slotEntries: (Entry | undefined)[] = [];
  #freeSlots: number[] = [];
  /** Per-slot score accumulators of the running query, valid where `#stamps` holds its stamp. */
  #sums = new Float64Array(0);
  #stamps = new Uint32Array(0);
  #stamp = 0;

  /** Records indexed. */
  get size(): number {
    return this.#entries.size;
  }

  /** Indexes a record's sparse vector; a record already indexed is replaced. */
  add(record: StoredRecord, vector: SparseVector): void {
    this.remove(record);
    const slot = this.#freeSlots.pop() ?? this.#records.length;
    const entry: Entry = {
      slot,
      indices: vector.indices,
      positions: new Int32Array(vector.indices.length),
    };
    this.#records[slot] = record;
    this.#slotEntries[slot] = entry;
    this.#entries.set(record, entry);
    for (let k = 0; k < vector.indices.length; k++) {
      const dimension = vector.indices[k] as number;
      let list = this.#lists.get(dimension);
      if (list === undefined) {
        list = {
          slots: new Int32Array(INITIAL_LIST_CAPACITY),
          values: new Float32Array(INITIAL_LIST_CAPACITY),
          length: 0,
        };
        this.#lists.set(dimension, list);
      }
      if (list.length === list.slots.length) {
        grow(list);
      }
      list.slots[list.length] = slot;
      list.values[list.length] = vector.values[k] as number;
      entry.positions[k] = list.length;
      list.length++;
    }
  }

  /** Drops a record from every list it is in; a no-op for a record not indexed. */
  remove(record: StoredRecord): void {
    const entry = this.#entries.get(record);
    if (entry === undefined) {
      return;
    }
    for (let k = 0; k < entry.indices.length; k++) {
      const dimension = entry.indices[k] as number;
      const list = this.#lists.get(dimension) as PostingList;
      const position = entry.positions[k] as number;
      const last = list.length - 1;
      if (position !== last) {
        // The last posting moves into the hole; its record learns its new position.
        const movedSlot = list.slots[last] as number;
        list.slots[position] = movedSlot;
        list.values[position] = list.values[last] as number;
        const moved = this.#slotEntries[movedSlot] as Entry;
        moved.positions[indexOf(moved.indices, dimension)] = position;
      }
      list.length = last;
      if (last === 0) {
        this.#lists.delete(dimension);
      }
    }
    this.#entries.delete(record);
    this.#records[entry.slot] = undefined;
    this.#slotEntries[entry.slot] = undefined;
    this.#freeSlots.push(entry.slot);
  }

  clear(): void {
    this.#lists.clear();
    this.#entries.clear();
    this.#records = [];
    this.#slotEntries = [];
    this.#freeSlots = [];
    this.#sums = new Float64Array(0);
    this.#stamps = new Uint32Array(0);
    this.#stamp = 0;
  }

  /** Records having `dimension` (its document frequency). */
  containing(dimension: number): number {
    return this.#lists.get(dimension)?.length ?? 0;
  }

  /**
   * The best `limit` accepted records by `Σ f32(w · d)` over the dimensions they share with the
   * (already weighted) query, best first, ties in insertion order; records sharing no dimension
   * are not candidates.
   */
  rank(query: SparseVector, { accept, limit }: RankOptions): Scored[] {
    const touched = this.#accumulate(query);
    const sums = this.#sums;
    const top = new TopK(limit);
    for (const slot of touched) {
      const record = this.#records[slot] as StoredRecord;
      const score = sums[slot] as number;
      if (top.admits(score) && accept(record)) {
        top.push({ key: record, score });
      }
    }
    return top.sorted();
  }

  /** Sums each touched slot's products into `#sums`; returns the touched slots. */
  #accumulate(query: SparseVector): number[] {
    const stamp = this.#nextStamp();
    const sums = this.#sums;
    const stamps = this.#stamps;
    const touched: number[] = [];
    // Ascending dimensions, as `sparseScore`'s merge adds them.
    for (let q = 0; q < query.indices.length; q++) {
      const list = this.#lists.get(query.indices[q] as number);
      if (list === undefined) {
        continue;
      }
      const weight = query.values[q] as number;
      const { slots, values, length } = list;
      for (let p = 0; p < length; p++) {
        const slot = slots[p] as number;
        const product = f32(weight * (values[p] as number));
        if (stamps[slot] === stamp) {
          sums[slot] = f32((sums[slot] as number) + product);
        } else {
          stamps[slot] = stamp;
          sums[slot] = f32(0 + product);
          touched.push(slot);
        }
      }
    }
    return touched;
  }

  /** A stamp no slot holds yet, with accumulators for every slot. */
  #nextStamp(): number {
    const slots = this.#records.length;
    if (this.#stamps.length < slots) {
      const capacity = Math.max(slots, this.#stamps.length * 2);
      this.#sums = new Float64Array(capacity);
      this.#stamps = new Uint32Array(capacity);
      this.#stamp = 0;
    }
    if (this.#stamp === 0xffffffff) {
      this.#stamps.fill(0);
      this.#stamp = 0;
    }
    return ++this.#stamp;
  }
}

function grow(list: PostingList): void {
  const slots = new Int32Array(list.slots.length * 2);
  slots.set(list.slots);
  const values = new Float32Array(list.values.length * 2);
  values.set(list.values);
  list.slots = slots;
  list.values = values;
}

/** Position of `value` in ascending `indices` (it is there: the record has the dimension). */
function indexOf(indices: Int32Array, value: number): number {
  let low = 0;
  let high = indices.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((indices[middle] as number) < value) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

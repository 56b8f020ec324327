/**
 * The records of one namespace: dense vectors in one contiguous Float32Array (grown by doubling,
 * swap-remove on delete), sparse vectors, metadata and data per record, the insertion order that
 * `range` pages through (vector-rest-wire.md §2.7), an ordered id index for prefixes, the IDF
 * statistics and inverted index of the sparse vectors, and which records are still pending (not yet queryable).
 */

import { scheduleLinking } from "./graph-linker.ts";
import { type GraphMetric, HnswGraph } from "./hnsw.ts";
import { squaredNorm } from "./similarity.ts";
import { SortedIds } from "./sorted-ids.ts";
import { DocumentFrequencies, type SparseVector } from "./sparse.ts";
import { SparsePostings } from "./sparse-postings.ts";
import { VectorArena } from "./vector-arena.ts";

/** What a write stores for one id. */
export interface RecordInput {
  readonly id: string;
  readonly vector?: Float32Array | undefined;
  readonly sparseVector?: SparseVector | undefined;
  readonly metadata?: Record<string, unknown> | undefined;
  readonly data?: string | undefined;
}

/** A stored record. `slot` and `order` belong to the store; read the rest. */
export interface StoredRecord {
  readonly id: string;
  /** Row of the dense vector in the store's array; -1 without one. */
  slot: number;
  /** Position in insertion order: a `range` cursor. */
  order: number;
  /** Node in the namespace's approximate-search graph; -1 without one. */
  node: number;
  sparseVector: SparseVector | undefined;
  metadata: Record<string, unknown> | undefined;
  data: string | undefined;
  /**
   * The record's last write while queries do not see it yet (the indexing delay), else
   * undefined. (Not a time on every record: a number field is a boxed double in V8, 24 bytes a
   * record, and most records are past their delay.)
   */
  pending: PendingWrite | undefined;
}

/** A write inside the indexing delay: queries see its record from `readyAt` (clock time). */
export interface PendingWrite {
  readonly record: StoredRecord;
  readonly readyAt: number;
}

/** Whether queries at `now` see `record`. */
export function isVisible(record: StoredRecord, now: number): boolean {
  return record.pending === undefined || record.pending.readyAt <= now;
}

/** Deleted positions tolerated in the insertion order before it is compacted. */
const ORDER_COMPACTION_MIN_HOLES = 4096;
const NO_VECTORS = new Float32Array(0);

/** How a store indexes its dense vectors for approximate search. */
export interface ApproximateSearchOptions {
  readonly metric: GraphMetric;
  /** Dense vectors from which the store keeps a graph. */
  readonly minVectors: number;
  /** Whether queued nodes are linked in background slices (else only by `linkPending`). */
  readonly linkInBackground: boolean;
}

export class NamespaceStore {
  readonly dimension: number;
  #records = new Map<string, StoredRecord>();
  /** The dense rows, made with the first dense vector. */
  #arena: VectorArena | undefined;
  #rows: StoredRecord[] = [];
  /** Squared norm by row, beside the rows: a scan reads it without touching the records. */
  #rowNorms = new Float64Array(0);
  #order: (StoredRecord | undefined)[] = [];
  #orderHoles = 0;
  #ids = new SortedIds((id) => this.#records.has(id));
  readonly frequencies = new DocumentFrequencies();
  /** The inverted index sparse queries walk (`sparse-postings.ts`). */
  readonly postings = new SparsePostings();
  #pendingQueue: PendingWrite[] = [];
  #pendingHead = 0;
  #pendingCount = 0;
  /** Approximate bytes of sparse vectors, metadata and data, for `indexSize`. */
  #payloadBytes = 0;
  readonly #approximate: ApproximateSearchOptions | undefined;
  #graph: HnswGraph<StoredRecord> | undefined;
  #isClosed = false;

  /**
   * @param dimension the dense dimension, 0 for a sparse-only index.
   * @param approximate how to keep a graph for approximate search; none when undefined.
   */
  constructor(dimension: number, approximate?: ApproximateSearchOptions) {
    this.dimension = dimension;
    this.#approximate = dimension === 0 ? undefined : approximate;
  }

  /**
   * The approximate-search graph over the dense rows, once the store has held
   * `minVectors`; nodes not linked yet are in its queue.
   */
  get graph(): HnswGraph<StoredRecord> | undefined {
    return this.#graph;
  }

  /** Links every queued node now (tests, benchmarks); a no-op without a graph. */
  linkPending(): void {
    this.#graph?.linkPending();
  }

  /** Stops background linking: the store is no longer served. */
  close(): void {
    this.#isClosed = true;
    this.#graph = undefined;
  }

  get size(): number {
    return this.#records.size;
  }

  /**
   * The dense vectors of rows `0 … rowCount - 1`, row `r` at offset `r · dimension`; the array
   * is replaced when a write grows it.
   */
  get vectors(): Float32Array {
    return this.#arena?.values ?? NO_VECTORS;
  }

  /** Where the dense rows live, with the SIMD kernel over them; undefined before the first. */
  get arena(): VectorArena | undefined {
    return this.#arena;
  }

  /**
   * The squared norm of each row's vector, computed once for cosine queries: `rowNorms[slot]`.
   * Not a field of the record: a double field is a boxed number in V8, 24 bytes a record.
   */
  get rowNorms(): Float64Array {
    return this.#rowNorms;
  }

  /** Records by dense row; its length is the row count. */
  get rows(): readonly StoredRecord[] {
    return this.#rows;
  }

  get(id: string): StoredRecord | undefined {
    return this.#records.get(id);
  }

  /** A copy of the record's dense vector, or undefined. */
  vectorOf(record: StoredRecord): Float32Array | undefined {
    if (record.slot < 0) {
      return undefined;
    }
    const start = record.slot * this.dimension;
    return this.vectors.slice(start, start + this.dimension);
  }

  /** Inserts or completely replaces a record; an overwritten record keeps its range position. */
  put(input: RecordInput, readyAt: number, now: number): StoredRecord {
    let record = this.#records.get(input.id);
    if (record === undefined) {
      record = {
        id: input.id,
        slot: -1,
        order: this.#order.length,
        node: -1,
        sparseVector: undefined,
        metadata: undefined,
        data: undefined,
        pending: undefined,
      };
      this.#records.set(input.id, record);
      this.#order.push(record);
      this.#ids.add(input.id);
    } else {
      this.#forgetPayload(record);
    }
    this.#setVector(record, input.vector);
    record.sparseVector = input.sparseVector;
    if (input.sparseVector !== undefined) {
      this.frequencies.add(input.sparseVector);
      this.postings.add(record, input.sparseVector);
    }
    record.metadata = input.metadata;
    record.data = input.data;
    this.#payloadBytes += payloadBytes(record);
    this.#markPending(record, readyAt, now);
    return record;
  }

  delete(id: string): boolean {
    const record = this.#records.get(id);
    if (record === undefined) {
      return false;
    }
    this.#forgetPayload(record);
    if (record.pending !== undefined) {
      record.pending = undefined;
      this.#pendingCount--;
    }
    this.#graph?.remove(record);
    this.#records.delete(id);
    this.#ids.remove();
    this.#removeRow(record);
    this.#order[record.order] = undefined;
    this.#orderHoles++;
    if (this.#orderHoles >= ORDER_COMPACTION_MIN_HOLES && this.#orderHoles > this.#records.size) {
      this.#compactOrder();
    }
    return true;
  }

  clear(): void {
    this.#graph = undefined;
    this.#records.clear();
    this.#arena = undefined;
    this.#rows = [];
    this.#rowNorms = new Float64Array(0);
    this.#order = [];
    this.#orderHoles = 0;
    this.#ids.clear();
    this.frequencies.clear();
    this.postings.clear();
    this.#pendingQueue = [];
    this.#pendingHead = 0;
    this.#pendingCount = 0;
    this.#payloadBytes = 0;
  }

  /** Records still inside the indexing delay at `now`. */
  pendingCount(now: number): number {
    const queue = this.#pendingQueue;
    while (this.#pendingHead < queue.length) {
      const item = queue[this.#pendingHead] as PendingWrite;
      if (item.readyAt > now) {
        break;
      }
      this.#pendingHead++;
      // A record written again since has a later write of its own (its `pending`).
      if (item.record.pending === item) {
        item.record.pending = undefined;
        this.#pendingCount--;
      }
    }
    if (this.#pendingHead > 1024 && this.#pendingHead * 2 > queue.length) {
      this.#pendingQueue = queue.slice(this.#pendingHead);
      this.#pendingHead = 0;
    }
    return this.#pendingCount;
  }

  /**
   * A uniformly random live record, or undefined when empty: random positions of the insertion
   * order until one is not a hole (compaction keeps holes from outnumbering records for long).
   */
  randomRecord(random: () => number = Math.random): StoredRecord | undefined {
    if (this.#records.size === 0) {
      return undefined;
    }
    for (let attempt = 0; attempt < 32; attempt++) {
      const record = this.#order[Math.floor(random() * this.#order.length)];
      if (record !== undefined) {
        return record;
      }
    }
    const live = [...this.inOrder()];
    return live[Math.floor(random() * live.length)];
  }

  /** Live records in insertion order. */
  *inOrder(): IterableIterator<StoredRecord> {
    for (const record of this.#order) {
      if (record !== undefined) {
        yield record;
      }
    }
  }

  /**
   * Up to `limit` records from insertion position `cursor`, and the position after them: `""`
   * when nothing follows (vector-rest-wire.md §2.7).
   */
  page(cursor: number, limit: number): { records: StoredRecord[]; nextCursor: string } {
    const records: StoredRecord[] = [];
    const order = this.#order;
    let position = cursor;
    while (position < order.length && records.length < limit) {
      const record = order[position++];
      if (record !== undefined) {
        records.push(record);
      }
    }
    while (position < order.length && order[position] === undefined) {
      position++;
    }
    return { records, nextCursor: position < order.length ? String(position) : "" };
  }

  /** Live records whose id starts with `prefix`, in insertion order, from the ordered index. */
  withPrefix(prefix: string): StoredRecord[] {
    const records = this.#ids.withPrefix(prefix).map((id) => this.#records.get(id) as StoredRecord);
    return records.sort((left, right) => left.order - right.order);
  }

  /** Approximate bytes held: vectors, sparse vectors, metadata and data. */
  byteSize(): number {
    return this.#rows.length * this.dimension * 4 + this.#payloadBytes;
  }

  #setVector(record: StoredRecord, vector: Float32Array | undefined): void {
    if (vector === undefined) {
      this.#graph?.remove(record);
      this.#removeRow(record);
      return;
    }
    if (record.slot >= 0 && this.#graph !== undefined && !this.#rowEquals(record.slot, vector)) {
      // A moved vector is a new node: its old links describe where it was.
      this.#graph.remove(record);
    }
    if (record.slot < 0) {
      record.slot = this.#rows.length;
      this.#rows.push(record);
      this.#arena ??= new VectorArena(this.dimension);
      this.#arena.reserve(this.#rows.length);
      if (this.#rows.length > this.#rowNorms.length) {
        // An eighth more at least: the arena grows by a 64th, and each new array is external
        // memory to V8, which starts a young-generation collection after enough of it.
        const length = this.#rowNorms.length;
        const norms = new Float64Array(Math.max(this.#arena.capacity, length + (length >> 3)));
        norms.set(this.#rowNorms);
        this.#rowNorms = norms;
      }
    }
    const values = this.vectors;
    values.set(vector, record.slot * this.dimension);
    this.#rowNorms[record.slot] = squaredNorm(values, record.slot * this.dimension, this.dimension);
    if (this.#graph !== undefined) {
      if (record.node < 0) {
        this.#graph.add(record, this.#rowNorms[record.slot] as number);
        this.#scheduleLinking();
      }
    } else if (
      this.#approximate !== undefined &&
      this.#rows.length >= this.#approximate.minVectors
    ) {
      this.#startGraph(this.#approximate);
    }
  }

  #rowEquals(slot: number, vector: Float32Array): boolean {
    const values = this.vectors;
    const offset = slot * this.dimension;
    for (let index = 0; index < vector.length; index++) {
      if (values[offset + index] !== vector[index]) {
        return false;
      }
    }
    return true;
  }

  /** Builds the graph from every row: queued now, linked in the background. */
  #startGraph(approximate: ApproximateSearchOptions): void {
    const graph = new HnswGraph<StoredRecord>({
      metric: approximate.metric,
      arena: this.#arena as VectorArena,
    });
    for (const record of this.#rows) {
      graph.add(record, this.#rowNorms[record.slot] as number);
    }
    this.#graph = graph;
    this.#scheduleLinking();
  }

  #scheduleLinking(): void {
    const graph = this.#graph;
    if (graph === undefined || this.#approximate?.linkInBackground !== true) {
      return;
    }
    // Only this store's current graph: a cleared or closed store drops out of the linker.
    scheduleLinking(graph, () => !this.#isClosed && this.#graph === graph);
  }

  /** Swap-remove: the last row moves into the freed one, so rows stay contiguous. */
  #removeRow(record: StoredRecord): void {
    if (record.slot < 0) {
      return;
    }
    const last = this.#rows.pop() as StoredRecord;
    if (last !== record) {
      const dimension = this.dimension;
      this.vectors.copyWithin(
        record.slot * dimension,
        last.slot * dimension,
        (last.slot + 1) * dimension,
      );
      this.#rowNorms[record.slot] = this.#rowNorms[last.slot] as number;
      last.slot = record.slot;
      this.#graph?.moved(last);
      this.#rows[record.slot] = last;
    }
    record.slot = -1;
  }

  #forgetPayload(record: StoredRecord): void {
    if (record.sparseVector !== undefined) {
      this.frequencies.remove(record.sparseVector);
      this.postings.remove(record);
    }
    this.#payloadBytes -= payloadBytes(record);
  }

  #markPending(record: StoredRecord, readyAt: number, now: number): void {
    if (readyAt <= now) {
      if (record.pending !== undefined) {
        record.pending = undefined;
        this.#pendingCount--;
      }
      return;
    }
    if (record.pending === undefined) {
      this.#pendingCount++;
    }
    const write: PendingWrite = { record, readyAt };
    record.pending = write;
    this.#pendingQueue.push(write);
  }

  /**
   * Drops the holes deletes left in the insertion order. Emulator choice: a range cursor taken
   * before a compaction may skip or repeat records, as the service documents cursors only for
   * an unchanged namespace.
   */
  #compactOrder(): void {
    const order: StoredRecord[] = [];
    for (const record of this.#order) {
      if (record !== undefined) {
        record.order = order.length;
        order.push(record);
      }
    }
    this.#order = order;
    this.#orderHoles = 0;
  }
}

/** Bytes a record holds besides its dense vector: sparse entries, metadata and data. */
function payloadBytes(record: StoredRecord): number {
  return (
    (record.sparseVector?.indices.length ?? 0) * 8 +
    (record.metadata === undefined ? 0 : JSON.stringify(record.metadata).length) +
    (record.data?.length ?? 0)
  );
}

/**
 * One term's posting list in one TEXT field: the ids of the documents holding it, ascending, in a
 * typed array, with each document's positions beside it. Indexing appends (ids are handed out in
 * order, so a new document's id is the largest); a re-indexed or removed document is found by
 * binary search and its entry inserted or removed by shifting the tail (a memmove). Compared with
 * a Map per term this allocates one array pair per term instead of a hash entry per document, and
 * queries walk ids in order, which lets a conjunction look the other clauses up by binary search.
 */

/**
 * A term's positions in one document: a number when it occurs once (most terms of most documents),
 * so indexing allocates no array for them.
 */
export type Positions = number | number[];

export function positionList(positions: Positions): readonly number[] {
  return typeof positions === "number" ? [positions] : positions;
}

export function termFrequency(positions: Positions): number {
  return typeof positions === "number" ? 1 : positions.length;
}

const INITIAL_CAPACITY = 4;

export class PostingList {
  readonly term: string;
  /**
   * Scratch for indexing one document (search-index.ts): the indexing pass that last met the
   * term and the positions it collected, so a document's tokens need no map of their own.
   */
  pass = -1;
  pending: Positions = 0;
  /** Set when the list left its field (its last document went): caches must not hand it out. */
  removed = false;
  #ids = new Int32Array(INITIAL_CAPACITY);
  readonly #positions: Positions[] = [];
  #size = 0;

  /** The field's term → list map holding it (so an emptied list can leave it). */
  readonly owner: Map<string, PostingList>;

  constructor(options: { term: string; owner: Map<string, PostingList> }) {
    this.term = options.term;
    this.owner = options.owner;
  }

  /** How many documents hold the term (its document frequency). */
  get size(): number {
    return this.#size;
  }

  /** The id of the `at`-th document (ascending). */
  idAt(at: number): number {
    return this.#ids[at] as number;
  }

  positionsAt(at: number): Positions {
    return this.#positions[at] as Positions;
  }

  /** Where `id` is, or −(insertion point) − 1 when absent. */
  indexOf(id: number): number {
    let low = 0;
    let high = this.#size - 1;
    const ids = this.#ids;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = ids[middle] as number;
      if (found < id) {
        low = middle + 1;
      } else if (found > id) {
        high = middle - 1;
      } else {
        return middle;
      }
    }
    return -low - 1;
  }

  get(id: number): Positions | undefined {
    const at = this.indexOf(id);
    return at < 0 ? undefined : this.#positions[at];
  }

  has(id: number): boolean {
    return this.indexOf(id) >= 0;
  }

  /** Adds or replaces the document's entry. */
  set(id: number, positions: Positions): void {
    const size = this.#size;
    if (size === 0 || (this.#ids[size - 1] as number) < id) {
      this.#grow();
      this.#ids[size] = id;
      this.#positions.push(positions);
      this.#size = size + 1;
      return;
    }
    const at = this.indexOf(id);
    if (at >= 0) {
      this.#positions[at] = positions;
      return;
    }
    const insertAt = -at - 1;
    this.#grow();
    this.#ids.copyWithin(insertAt + 1, insertAt, size);
    this.#ids[insertAt] = id;
    this.#positions.splice(insertAt, 0, positions);
    this.#size = size + 1;
  }

  /** Removes the document's entry; whether it was there. */
  delete(id: number): boolean {
    const at = this.indexOf(id);
    if (at < 0) {
      return false;
    }
    this.#ids.copyWithin(at, at + 1, this.#size);
    this.#positions.splice(at, 1);
    this.#size--;
    return true;
  }

  /** The ids, ascending (a view: valid until the list changes). */
  ids(): Int32Array {
    return this.#ids.subarray(0, this.#size);
  }

  #grow(): void {
    if (this.#size < this.#ids.length) {
      return;
    }
    const grown = new Int32Array(this.#ids.length * 2);
    grown.set(this.#ids);
    this.#ids = grown;
  }
}

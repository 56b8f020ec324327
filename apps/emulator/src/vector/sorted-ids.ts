/**
 * An ordered index of a namespace's ids, for prefix fetch and prefix range without a full scan.
 * New ids are buffered and merged in on the next lookup, so a bulk upsert costs one sort instead
 * of one array insertion per id; deleted ids are dropped at the same time.
 */
export class SortedIds {
  #sorted: string[] = [];
  #added: string[] = [];
  #removed = 0;
  readonly #isLive: (id: string) => boolean;

  constructor(isLive: (id: string) => boolean) {
    this.#isLive = isLive;
  }

  add(id: string): void {
    this.#added.push(id);
  }

  remove(): void {
    this.#removed++;
  }

  clear(): void {
    this.#sorted = [];
    this.#added = [];
    this.#removed = 0;
  }

  /** Every live id starting with `prefix`, in code-unit order. */
  withPrefix(prefix: string): string[] {
    const sorted = this.#current();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((sorted[middle] as string) < prefix) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    const out: string[] = [];
    for (let i = low; i < sorted.length && (sorted[i] as string).startsWith(prefix); i++) {
      out.push(sorted[i] as string);
    }
    return out;
  }

  #current(): string[] {
    if (this.#added.length === 0 && this.#removed === 0) {
      return this.#sorted;
    }
    const added = this.#added.sort();
    const merged: string[] = [];
    let a = 0;
    let b = 0;
    const sorted = this.#sorted;
    while (a < sorted.length || b < added.length) {
      const next =
        b >= added.length || (a < sorted.length && (sorted[a] as string) <= (added[b] as string))
          ? (sorted[a++] as string)
          : (added[b++] as string);
      // An id deleted and upserted again appears in both lists: keep one.
      if (merged[merged.length - 1] !== next && this.#isLive(next)) {
        merged.push(next);
      }
    }
    this.#sorted = merged;
    this.#added = [];
    this.#removed = 0;
    return merged;
  }
}

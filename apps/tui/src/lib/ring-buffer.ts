/**
 * A bounded, append-only log: the newest `capacity` items, oldest first. Scrollback of the monitor
 * and pub/sub screens stays bounded however long a stream runs.
 */
export class RingBuffer<TItem> {
  readonly capacity: number;
  readonly #items: TItem[] = [];
  #start = 0;
  /** Items appended since creation, dropped ones included. */
  #total = 0;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
    }
    this.capacity = capacity;
  }

  /** Appends one item, dropping the oldest when full. */
  push(item: TItem): void {
    this.#total++;
    if (this.#items.length < this.capacity) {
      this.#items.push(item);
      return;
    }
    this.#items[this.#start] = item;
    this.#start = (this.#start + 1) % this.capacity;
  }

  /** Items held now. */
  get size(): number {
    return this.#items.length;
  }

  /** Items ever appended. */
  get total(): number {
    return this.#total;
  }

  /** A copy, oldest first. */
  toArray(): TItem[] {
    return [...this.#items.slice(this.#start), ...this.#items.slice(0, this.#start)];
  }

  /** The newest `count` items, oldest first. */
  last(count: number): TItem[] {
    const all = this.toArray();
    return count >= all.length ? all : all.slice(all.length - count);
  }

  clear(): void {
    this.#items.length = 0;
    this.#start = 0;
  }
}

/**
 * Events per second over a sliding window of whole-second buckets; time comes from the caller, so
 * tests drive it without a clock.
 */
export class RateMeter {
  readonly #windowSeconds: number;
  readonly #buckets = new Map<number, number>();

  constructor(windowSeconds = 5) {
    this.#windowSeconds = windowSeconds;
  }

  /** Counts `count` events at `nowMs`. */
  record(nowMs: number, count = 1): void {
    const second = Math.floor(nowMs / 1000);
    this.#buckets.set(second, (this.#buckets.get(second) ?? 0) + count);
    this.#evict(second);
  }

  /** Events per second over the completed seconds of the window ending at `nowMs`. */
  perSecond(nowMs: number): number {
    const current = Math.floor(nowMs / 1000);
    this.#evict(current);
    let sum = 0;
    for (const [second, count] of this.#buckets) {
      // The current second is still filling; counting it would halve the rate at its start.
      if (second < current) {
        sum += count;
      }
    }
    return sum / this.#windowSeconds;
  }

  #evict(current: number): void {
    for (const second of this.#buckets.keys()) {
      if (second <= current - this.#windowSeconds - 1) {
        this.#buckets.delete(second);
      }
    }
  }
}

/**
 * The push-to-pull bridge behind the proxy's subscription and monitor streams. Like `kv/async-queue`,
 * iteration ends when the signal aborts or `end()` is called, and `onClose` runs once either way
 * (closing the Redis connection); in addition `fail()` ends it with an error, so a consumer can tell
 * a lost Redis (`BackendUnavailableError`) from a normal end. The same optional `limit` drops a
 * consumer that falls too far behind.
 */
import { QueueLimiter, type QueueOutputLimit } from "../output-limit.ts";

export class EventQueue<TValue> implements AsyncIterable<TValue> {
  readonly #items: TValue[] = [];
  #wake: (() => void) | undefined;
  #isDone = false;
  /** Over its output limit: pushes are dropped until the queue ends. */
  #isOverLimit = false;
  #error: unknown;
  readonly #onClose: () => void;
  readonly #limiter: QueueLimiter<TValue> | undefined;

  constructor(signal: AbortSignal, onClose: () => void, limit?: QueueOutputLimit<TValue>) {
    this.#onClose = onClose;
    this.#limiter =
      limit === undefined
        ? undefined
        : new QueueLimiter(limit, () => this.#endOverLimit(limit.onExceeded));
    if (signal.aborted) {
      this.end();
    } else {
      signal.addEventListener("abort", () => this.end(), { once: true });
    }
  }

  /** True once ended, failed or aborted: producers should stop. */
  get isDone(): boolean {
    return this.#isDone;
  }

  push(item: TValue): void {
    if (this.#isDone || this.#isOverLimit) {
      return;
    }
    this.#items.push(item);
    if (this.#limiter?.add(item) !== true) {
      this.#wake?.();
    }
  }

  /** Ends the stream after the items already queued. */
  end(): void {
    if (this.#isDone) {
      return;
    }
    this.#isDone = true;
    this.#limiter?.dispose();
    this.#onClose();
    this.#wake?.();
  }

  /** Drops what waits at once and ends in a microtask, as `AsyncQueue` does. */
  #endOverLimit(onExceeded: () => void): void {
    this.#isOverLimit = true;
    this.#items.length = 0;
    queueMicrotask(() => {
      this.end();
      onExceeded();
    });
  }

  /** Ends the stream with `error`, thrown to the consumer after the items already queued. */
  fail(error: unknown): void {
    if (this.#isDone) {
      return;
    }
    this.#error = error ?? new Error("stream failed");
    this.end();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<TValue> {
    try {
      for (;;) {
        if (this.#items.length > 0) {
          const item = this.#items.shift() as TValue;
          this.#limiter?.remove(item);
          yield item;
          continue;
        }
        if (this.#isDone) {
          if (this.#error !== undefined) {
            throw this.#error;
          }
          return;
        }
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
        this.#wake = undefined;
      }
    } finally {
      this.end();
    }
  }
}

import { QueueLimiter, type QueueOutputLimit } from "./output-limit.ts";

/**
 * A push-to-pull bridge behind every SSE stream (the memory backend's and the proxy's
 * subscriptions and monitors): producers `push` values, one consumer iterates them. Iteration ends
 * when the signal aborts (the consumer's request went away) or `end()` is called; `onClose` runs
 * once either way so producers can detach (the proxy closes its Redis connection). `fail()` ends it
 * with an error, so a consumer can tell a lost Redis (`BackendUnavailableError`) from a normal end.
 * With a `limit`, a consumer that falls too far behind is dropped: its items are released and the
 * queue ends (see `QueueOutputLimit`).
 */
export class AsyncQueue<TValue> implements AsyncIterable<TValue> {
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

  /** Ends the stream with `error`, thrown to the consumer after the items already queued. */
  fail(error: unknown): void {
    if (this.#isDone) {
      return;
    }
    this.#error = error ?? new Error("stream failed");
    this.end();
  }

  /**
   * Drops what waits at once, and ends in a microtask: Redis too frees such a client
   * asynchronously (freeClientAsync), after the command that pushed to it (a PUBLISH still
   * delivering to other subscribers) has run to its end.
   */
  #endOverLimit(onExceeded: () => void): void {
    this.#isOverLimit = true;
    this.#items.length = 0;
    queueMicrotask(() => {
      this.end();
      onExceeded();
    });
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

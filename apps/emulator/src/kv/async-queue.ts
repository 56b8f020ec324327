import { QueueLimiter, type QueueOutputLimit } from "./output-limit.ts";

/**
 * A push-to-pull bridge: producers `push` values, one consumer iterates them. Iteration ends when
 * the signal aborts (the consumer's request went away) or `end()` is called; `onClose` runs once
 * either way so producers can detach. With a `limit`, a consumer that falls too far behind is
 * dropped: its items are released and the queue ends (see `QueueOutputLimit`).
 */
export class AsyncQueue<TValue> implements AsyncIterable<TValue> {
  readonly #items: TValue[] = [];
  #wake: (() => void) | undefined;
  #isDone = false;
  /** Over its output limit: pushes are dropped until the queue ends. */
  #isOverLimit = false;
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

  push(item: TValue): void {
    if (this.#isDone || this.#isOverLimit) {
      return;
    }
    this.#items.push(item);
    if (this.#limiter?.add(item) !== true) {
      this.#wake?.();
    }
  }

  end(): void {
    if (this.#isDone) {
      return;
    }
    this.#isDone = true;
    this.#limiter?.dispose();
    this.#onClose();
    this.#wake?.();
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
        const item = this.#items.shift();
        if (item !== undefined) {
          this.#limiter?.remove(item);
          yield item;
          continue;
        }
        if (this.#isDone) {
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

/**
 * The push-to-pull bridge behind the proxy's subscription and monitor streams. Like `kv/async-queue`,
 * iteration ends when the signal aborts or `end()` is called, and `onClose` runs once either way
 * (closing the Redis connection); in addition `fail()` ends it with an error, so a consumer can tell
 * a lost Redis (`BackendUnavailableError`) from a normal end.
 */
export class EventQueue<TValue> implements AsyncIterable<TValue> {
  readonly #items: TValue[] = [];
  #wake: (() => void) | undefined;
  #isDone = false;
  #error: unknown;
  readonly #onClose: () => void;

  constructor(signal: AbortSignal, onClose: () => void) {
    this.#onClose = onClose;
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
    if (this.#isDone) {
      return;
    }
    this.#items.push(item);
    this.#wake?.();
  }

  /** Ends the stream after the items already queued. */
  end(): void {
    if (this.#isDone) {
      return;
    }
    this.#isDone = true;
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

  async *[Symbol.asyncIterator](): AsyncIterator<TValue> {
    try {
      for (;;) {
        if (this.#items.length > 0) {
          yield this.#items.shift() as TValue;
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

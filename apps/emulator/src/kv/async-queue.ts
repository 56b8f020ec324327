/**
 * A push-to-pull bridge: producers `push` values, one consumer iterates them. Iteration ends when
 * the signal aborts (the consumer's request went away) or `end()` is called; `onClose` runs once
 * either way so producers can detach.
 */
export class AsyncQueue<TValue> implements AsyncIterable<TValue> {
  readonly #items: TValue[] = [];
  #wake: (() => void) | undefined;
  #isDone = false;
  readonly #onClose: () => void;

  constructor(signal: AbortSignal, onClose: () => void) {
    this.#onClose = onClose;
    if (signal.aborted) {
      this.end();
    } else {
      signal.addEventListener("abort", () => this.end(), { once: true });
    }
  }

  push(item: TValue): void {
    if (this.#isDone) {
      return;
    }
    this.#items.push(item);
    this.#wake?.();
  }

  end(): void {
    if (this.#isDone) {
      return;
    }
    this.#isDone = true;
    this.#onClose();
    this.#wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<TValue> {
    try {
      for (;;) {
        const item = this.#items.shift();
        if (item !== undefined) {
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

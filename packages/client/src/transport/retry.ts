/**
 * Retries on network errors only, with backoff (kv-rest-wire.md §8: the SDK "never retries because
 * of an HTTP status"; it retries when the request itself throws, 5 times, `exp(i) * 50` ms apart).
 */

/** How a client retries requests that got no answer at all. */
export interface RetryOptions {
  /**
   * Retries after the first attempt.
   * @default 5
   */
  readonly retries?: number;
  /**
   * The wait before retry `attempt` (0 for the first retry), in milliseconds.
   * @default (attempt) => Math.exp(attempt) * 50
   */
  readonly backoff?: (attempt: number) => number;
}

/** {@link RetryOptions} with defaults filled in; `retries: 0` means no retry. */
export interface RetryPolicy {
  readonly retries: number;
  readonly backoff: (attempt: number) => number;
}

/** The SDK's schedule: about 4.3 s over five retries (kv-rest-wire.md §8). */
const defaultBackoff = (attempt: number): number => Math.exp(attempt) * 50;

/** Reads the `retry` option: `false` disables retries, `undefined` takes the defaults. */
export function resolveRetry(retry: RetryOptions | false | undefined): RetryPolicy {
  if (retry === false) {
    return { retries: 0, backoff: defaultBackoff };
  }
  return { retries: retry?.retries ?? 5, backoff: retry?.backoff ?? defaultBackoff };
}

/**
 * Waits `ms`, or less if `signal` fires (the caller then sees the abort, not a late retry).
 */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

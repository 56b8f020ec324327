/**
 * One request's cancellation: the caller's `AbortSignal` and the client's timeout merged into one
 * signal for undici, remembering which of the two fired so the error says so.
 */
import { AbortError, TimeoutError } from "../errors.ts";

/** The merged signal of one request, and what to throw if it fired. */
export interface Deadline extends Disposable {
  /** Passed to undici; undefined when there is neither a signal nor a timeout. */
  readonly signal: AbortSignal | undefined;
  /** The {@link TimeoutError} or {@link AbortError} to throw, once the signal has fired. */
  reason(): TimeoutError | AbortError | undefined;
}

/** Options of {@link startDeadline}. */
export interface DeadlineOptions {
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs?: number | undefined;
}

/**
 * Starts the clock of one request. The timer is cleared on dispose, so a finished request leaves
 * nothing behind.
 */
export function startDeadline(options: DeadlineOptions): Deadline {
  const { signal, timeoutMs } = options;
  if (timeoutMs === undefined) {
    return {
      signal,
      reason: () => (signal?.aborted === true ? new AbortError(signal.reason) : undefined),
      [Symbol.dispose]: () => undefined,
    };
  }
  const controller = new AbortController();
  let fired: TimeoutError | AbortError | undefined;
  const fire = (error: TimeoutError | AbortError): void => {
    fired ??= error;
    controller.abort(fired);
  };
  const onAbort = (): void => fire(new AbortError(signal?.reason));
  const timer = setTimeout(() => fire(new TimeoutError(timeoutMs)), timeoutMs);
  if (signal?.aborted === true) {
    onAbort();
  } else {
    signal?.addEventListener("abort", onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    reason: () => fired,
    [Symbol.dispose]: () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    },
  };
}

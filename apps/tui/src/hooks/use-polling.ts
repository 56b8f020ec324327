/**
 * Loads something now, again whenever its inputs change, and every `intervalMs` after that (stats
 * auto-refresh). The last good value stays on screen while a refresh runs or fails.
 */
import { useCallback, useEffect, useState } from "react";

/** What a screen shows for a load. */
export interface PollState<TValue> {
  /** The last value loaded, if any. */
  readonly value: TValue | undefined;
  /** The last failure; cleared by the next success. */
  readonly error: unknown;
  readonly isLoading: boolean;
  /** When `value` was loaded (ms). */
  readonly loadedAtMs: number | undefined;
  /** Loads again now. */
  readonly refresh: () => void;
}

/** Options of {@link usePolling}. */
export interface PollOptions {
  /** Auto-refresh period; `undefined` or `0` loads only on demand and on input change. */
  readonly intervalMs?: number | undefined;
  /** Skips loading altogether (e.g. no credentials). */
  readonly isEnabled?: boolean;
}

/** Polls `load`, which the caller memoizes (`useCallback`) on what it depends on. */
export function usePolling<TValue>(
  load: (signal: AbortSignal) => Promise<TValue>,
  options: PollOptions = {},
): PollState<TValue> {
  const [state, setState] = useState<Omit<PollState<TValue>, "refresh">>({
    value: undefined,
    error: undefined,
    isLoading: options.isEnabled !== false,
    loadedAtMs: undefined,
  });
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((n) => n + 1), []);
  const isEnabled = options.isEnabled !== false;

  // `generation` is the refresh trigger; `load` is memoized by the caller on its inputs.
  useEffect(() => {
    if (!isEnabled) {
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, isLoading: true }));
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) {
          setState({ value, error: undefined, isLoading: false, loadedAtMs: Date.now() });
        }
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setState((previous) => ({ ...previous, error, isLoading: false }));
        }
      },
    );
    return () => controller.abort();
  }, [generation, isEnabled, load]);

  useEffect(() => {
    if (!isEnabled || options.intervalMs === undefined || options.intervalMs <= 0) {
      return;
    }
    const timer = setInterval(refresh, options.intervalMs);
    return () => clearInterval(timer);
  }, [isEnabled, options.intervalMs, refresh]);

  return { ...state, refresh };
}

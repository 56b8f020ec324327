/**
 * Fills a bounded ring buffer from an event stream (`kv.monitor()`, `kv.subscribe()`), re-rendering
 * at most every {@link RENDER_BATCH_MS} so a busy stream does not redraw per event (STYLE.md §10).
 */
import { useEffect, useRef, useState } from "react";
import { RateMeter } from "../lib/rate.ts";
import { RingBuffer } from "../lib/ring-buffer.ts";

/** Renders are batched to this period. */
export const RENDER_BATCH_MS = 100;

/** Where a stream is. */
export type StreamStatus = "idle" | "connecting" | "open" | "ended" | "failed";

/** What the screen shows. */
export interface EventStreamState<TItem> {
  /** The newest items, oldest first, at most the buffer's capacity. */
  readonly items: readonly TItem[];
  /** Items received since the stream opened, dropped ones included. */
  readonly total: number;
  /** Items per second over the last seconds. */
  readonly perSecond: number;
  readonly status: StreamStatus;
  readonly error: unknown;
}

/** Options of {@link useEventStream}. */
export interface EventStreamOptions {
  /** Scrollback size. @default 500 */
  readonly capacity?: number;
  /** While paused, items are still received and counted, but the shown list stays frozen. */
  readonly isPaused?: boolean;
}

/** Opens the stream; `undefined` means "no stream now" (nothing subscribed, no credentials). */
export type OpenStream<TItem> = ((signal: AbortSignal) => AsyncIterable<TItem>) | undefined;

/**
 * Reads `open`'s stream until unmount or until `open` changes (memoize it with `useCallback`),
 * which closes the old stream through its signal.
 */
export function useEventStream<TItem>(
  open: OpenStream<TItem>,
  options: EventStreamOptions = {},
): EventStreamState<TItem> {
  const capacity = options.capacity ?? 500;
  const [state, setState] = useState<EventStreamState<TItem>>({
    items: [],
    total: 0,
    perSecond: 0,
    status: "idle",
    error: undefined,
  });
  const isPausedRef = useRef(options.isPaused === true);
  isPausedRef.current = options.isPaused === true;

  useEffect(() => {
    if (open === undefined) {
      setState({ items: [], total: 0, perSecond: 0, status: "idle", error: undefined });
      return;
    }
    const controller = new AbortController();
    const buffer = new RingBuffer<TItem>(capacity);
    const meter = new RateMeter();
    let timer: NodeJS.Timeout | undefined;
    let shown: readonly TItem[] = [];
    // The client opens lazily and swallows the confirmation, so "open" means "first item or 1 s".
    let status: StreamStatus = "connecting";
    const flush = (error?: unknown): void => {
      timer = undefined;
      if (!isPausedRef.current) {
        shown = buffer.toArray();
      }
      const now = Date.now();
      setState({
        items: shown,
        total: buffer.total,
        perSecond: meter.perSecond(now),
        status,
        error,
      });
    };
    // The rate decays while nothing arrives, so it is refreshed on a slow tick too.
    const tick = setInterval(() => {
      status = "open";
      flush();
    }, 1000);
    setState((previous) => ({ ...previous, status, error: undefined }));
    const run = async (): Promise<void> => {
      for await (const item of open(controller.signal)) {
        status = "open";
        buffer.push(item);
        meter.record(Date.now());
        timer ??= setTimeout(flush, RENDER_BATCH_MS);
      }
    };
    run().then(
      () => {
        if (!controller.signal.aborted) {
          clearInterval(tick);
          clearTimeout(timer);
          status = "ended";
          flush();
        }
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          clearInterval(tick);
          clearTimeout(timer);
          status = "failed";
          flush(error);
        }
      },
    );
    return () => {
      controller.abort();
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, [open, capacity]);

  return state;
}

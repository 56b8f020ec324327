import { createSseParser } from "@stratus/core/sse";
import { HttpError, NetworkError, StratusError } from "../errors.ts";
import type { TransportResponse, TransportStream } from "../transport/http-transport.ts";
import { sleep } from "../transport/retry.ts";

/** How a stream reconnects after it ends or breaks. Items sent in between are lost. */
export interface ReconnectOptions {
  /**
   * Reconnections in a row that may fail before the iteration throws.
   * @default Infinity
   */
  readonly retries?: number;
  /**
   * The wait before reconnection `attempt` (0 first), in milliseconds.
   * @default (attempt) => Math.min(Math.exp(attempt) * 50, 5000)
   */
  readonly backoff?: (attempt: number) => number;
}

/** Options of an event stream. */
export interface StreamOptions {
  /** Ends the iteration (quietly) and closes the connection. */
  readonly signal?: AbortSignal | undefined;
  /** Reconnect when the stream ends or breaks; `true` takes the defaults. @default false */
  readonly reconnect?: boolean | ReconnectOptions | undefined;
}

/** An event stream you can iterate once and close. */
export interface EventStream<TItem> extends AsyncIterable<TItem>, AsyncDisposable {
  /**
   * Opens the connection now, if iteration has not, and resolves once the server has answered 2xx
   * (the subscription or monitor is then registered), or rejects with the opening error.
   */
  ready(): Promise<void>;
  /** Stops the stream: a pending `next()` finishes and the connection closes. */
  close(): void;
}

const defaultBackoff = (attempt: number): number => Math.min(Math.exp(attempt) * 50, 5000);

function resolveReconnect(
  reconnect: StreamOptions["reconnect"],
): Required<ReconnectOptions> | undefined {
  if (reconnect === undefined || reconnect === false) {
    return undefined;
  }
  const options = reconnect === true ? {} : reconnect;
  return {
    retries: options.retries ?? Number.POSITIVE_INFINITY,
    backoff: options.backoff ?? defaultBackoff,
  };
}

/** What opening one connection needs. */
export interface SseSource {
  open(signal: AbortSignal): Promise<TransportStream>;
  /** Turns a non-2xx answer into the error to throw. */
  errorOf(response: TransportResponse): Error;
  /** Called with the headers of each 2xx answer (the sync token, kv-rest-wire.md §10). */
  onOpen?(stream: TransportStream): void;
}

/**
 * Opens the stream and yields every event's `data`. A non-2xx answer throws; a broken or ended
 * stream throws {@link NetworkError} or ends, unless `reconnect` is set.
 */
export function openSseStream(source: SseSource, options: StreamOptions = {}): EventStream<string> {
  const controller = new AbortController();
  const { signal } = controller;
  const onAbort = (): void => controller.abort(options.signal?.reason);
  if (options.signal?.aborted === true) {
    onAbort();
  } else {
    options.signal?.addEventListener("abort", onAbort, { once: true });
  }
  const reconnect = resolveReconnect(options.reconnect);
  let markOpen: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    markOpen = resolve;
  });

  async function* items(): AsyncGenerator<string> {
    let failures = 0;
    try {
      while (!signal.aborted) {
        let stream: TransportStream | undefined;
        try {
          stream = await source.open(signal);
          if (stream.status < 200 || stream.status >= 300) {
            const body = await stream.readAll();
            throw source.errorOf({ status: stream.status, headers: stream.headers, body });
          }
          source.onOpen?.(stream);
          markOpen();
          failures = 0;
          // The service ends each item with one "\n" and no blank line (kv-rest-wire.md §11.1), so
          // there every `data:` line is an item of its own; the emulator ends each event with a
          // blank line and splits a payload's lines over several `data:` lines, which must be
          // joined, or a published "x\nmessage,admin,y" would read as a message on `admin`.
          const parser = createSseParser({ dispatch: "auto" });
          for await (const chunk of stream.body) {
            for (const event of parser.push(chunk)) {
              yield event.data;
            }
          }
          if (reconnect === undefined) {
            return;
          }
        } catch (error: unknown) {
          if (signal.aborted) {
            return;
          }
          if (
            error instanceof HttpError ||
            reconnect === undefined ||
            failures >= reconnect.retries
          ) {
            throw asStratusError(error);
          }
          failures++;
        } finally {
          stream?.close();
        }
        await sleep(reconnect.backoff(failures), signal);
      }
    } finally {
      options.signal?.removeEventListener("abort", onAbort);
    }
  }

  const iterator = items();
  // `ready()` starts the generator early; the first `next()` of the consumer then takes that step.
  let prefetched: Promise<IteratorResult<string>> | undefined;
  let isStarted = false;
  const stream: AsyncIterator<string> = {
    next: () => {
      isStarted = true;
      const step = prefetched ?? iterator.next();
      prefetched = undefined;
      return step;
    },
    return: (value?: unknown) => {
      controller.abort();
      return iterator.return(value);
    },
  };
  return {
    [Symbol.asyncIterator]: () => stream,
    ready: () => {
      if (!isStarted) {
        isStarted = true;
        prefetched = iterator.next();
      }
      return Promise.race([opened, (prefetched ?? opened).then(() => undefined)]);
    },
    close: () => controller.abort(),
    [Symbol.asyncDispose]: async () => controller.abort(),
  };
}

/** The SDK's own errors pass through; anything else (a socket reset) is a {@link NetworkError}. */
function asStratusError(error: unknown): unknown {
  if (error instanceof StratusError) {
    return error;
  }
  const message = error instanceof Error ? error.message : String(error);
  return new NetworkError(`Event stream broke: ${message}`, { cause: error, attempts: 1 });
}

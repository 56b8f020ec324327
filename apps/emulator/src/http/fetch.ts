/**
 * The in-process adapter (STYLE.md §7.7): a `fetch`-compatible function that hands a Web `Request`
 * to the emulator's handler and turns the `EmulatorResponse` back into a Web `Response`, so tests
 * and `@stratus/testing` can give SDKs a `fetch` that needs no socket. Sockets use `node.ts`, which
 * reads `IncomingMessage` directly because Web bodies are several times slower on Node 20.
 */
import { isWholeBody } from "./body.ts";
import type { EmulatorRequest, EmulatorResponse, RequestHandler, RequestHeaders } from "./types.ts";

/** The signature of the global `fetch`, which SDKs accept as an option. */
export type FetchFunction = (
  input: string | URL | Request,
  init?: RequestInit,
) => Promise<Response>;

/** What MONITOR and logs show as the peer of an in-process request. */
export const IN_PROCESS_ADDRESS = "127.0.0.1:0";

/** Statuses whose responses have no body by definition (Fetch standard "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

function connectionReset(): Error {
  return Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
}

/** Headers with lower-case names, repeated values joined by `, ` as node:http does. */
/** Fetch's `Headers` already match names case-insensitively and join repeats with `, `. */
function requestHeaders(headers: Headers): RequestHeaders {
  return { get: (name) => headers.get(name) ?? undefined, entries: () => headers.entries() };
}

async function toEmulatorRequest(request: Request, signal: AbortSignal): Promise<EmulatorRequest> {
  const url = new URL(request.url);
  const body =
    request.body === null ? new Uint8Array(0) : new Uint8Array(await request.arrayBuffer());
  return {
    method: request.method,
    // WHATWG URLs keep the path percent-encoded, like the request line node:http sees.
    path: url.pathname,
    query: url.searchParams,
    rawQuery: url.search.slice(1),
    headers: requestHeaders(request.headers),
    body,
    signal,
    remoteAddress: IN_PROCESS_ADDRESS,
  };
}

/**
 * A stream that pulls one chunk per read, so every SSE event reaches the reader as soon as it is
 * produced (kv-rest-wire.md §11.1 "flush every event"). Cancelling it, or aborting the request's
 * signal, aborts the handler's signal, which ends the subscription at once.
 */
function toReadableStream(
  source: AsyncIterable<Uint8Array>,
  { abort, requestSignal }: { abort: AbortController; requestSignal: AbortSignal },
): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const onAbort = (): void => {
    abort.abort();
    try {
      // As a real `fetch` does: a body read after the abort rejects with the abort reason.
      controller?.error(abortError(requestSignal));
    } catch {
      // Already closed or errored.
    }
  };
  requestSignal.addEventListener("abort", onAbort, { once: true });
  const finish = (): void => requestSignal.removeEventListener("abort", onAbort);
  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
      },
      async pull(streamController) {
        try {
          const next = await iterator.next();
          if (next.done === true) {
            finish();
            streamController.close();
            return;
          }
          streamController.enqueue(next.value);
        } catch (error: unknown) {
          finish();
          streamController.error(error);
        }
      },
      async cancel() {
        finish();
        // Abort first: `return()` on a generator parked in an `await` waits for its next yield.
        abort.abort();
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

function toResponse(
  response: EmulatorResponse,
  { request, abort }: { request: Request; abort: AbortController },
): Response {
  const init: ResponseInit = { status: response.status, headers: response.headers };
  const { body } = response;
  if (isWholeBody(body)) {
    const hasBody =
      request.method !== "HEAD" && !NULL_BODY_STATUSES.has(response.status) && body.length > 0;
    return new Response(hasBody ? body : null, init);
  }
  return new Response(toReadableStream(body, { abort, requestSignal: request.signal }), init);
}

/**
 * Wraps a handler as a `fetch`: any URL is served by `handler` (its origin is ignored), the body is
 * read into bytes, and a streaming (SSE) body becomes a `ReadableStream` that delivers each event
 * as one chunk. As with a real `fetch`, an aborted signal rejects the call before the response and
 * errors the body after it.
 *
 * @example
 * const fetch = createFetchHandler(emulator.handle);
 * const response = await fetch(`${emulator.url}/ping`, { headers: { authorization: `Bearer ${token}` } });
 */
export function createFetchHandler(handler: RequestHandler): FetchFunction {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.signal.aborted) {
      throw abortError(request.signal);
    }
    const abort = new AbortController();
    // A handler that closes the connection (an injected reset) makes this `fetch` fail as
    // undici's does on a reset socket: a TypeError whose cause is ECONNRESET.
    let isDisconnected = false;
    const emulatorRequest: EmulatorRequest = {
      ...(await toEmulatorRequest(request, abort.signal)),
      disconnect: () => {
        isDisconnected = true;
      },
    };
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        abort.abort();
        reject(abortError(request.signal));
      };
      request.signal.addEventListener("abort", onAbort, { once: true });
    });
    try {
      const response = await Promise.race([handler(emulatorRequest), aborted]);
      if (isDisconnected) {
        abort.abort();
        throw new TypeError("fetch failed", { cause: connectionReset() });
      }
      return toResponse(response, { request, abort });
    } finally {
      if (onAbort !== undefined) {
        request.signal.removeEventListener("abort", onAbort);
      }
      // The race's loser must not surface as an unhandled rejection.
      aborted.catch(() => undefined);
    }
  };
}

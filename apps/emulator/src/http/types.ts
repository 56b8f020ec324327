/**
 * The plain request and response objects the HTTP layer works on (STYLE.md §7.7), so one handler
 * serves node:http sockets and in-process `fetch` alike.
 */

/** A request's header fields. */
export interface RequestHeaders {
  /** The value of the field `name` (in lower case); repeated fields joined with `, ` (RFC 9110 §5.3). */
  get(name: string): string | undefined;
  /**
   * Every field as `[lower-case name, value]`, repeated fields once each: for routes whose
   * headers are open-ended (the queue API's `Upstash-Forward-*`).
   */
  entries?(): Iterable<[string, string]>;
}

/** A request as its head tells it, before any byte of its body is read. */
export interface EmulatorRequestHead {
  readonly method: string;
  /** The path without the query string, still percent-encoded. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** The query string as sent (without `?`), for byte-exact decoding of command arguments. */
  readonly rawQuery: string;
  readonly headers: RequestHeaders;
  /** Aborted when the client goes away; streams stop on it. */
  readonly signal: AbortSignal;
  /** The peer as `ip:port`, for MONITOR lines. */
  readonly remoteAddress: string;
  /**
   * Closes the client's connection at once, answer unfinished: for a stream whose reader is over
   * its output-buffer limit, or an injected reset (`faults.ts`). In-process (`fetch`), a call
   * before the answer makes that `fetch` reject as a reset socket does; later, it does nothing.
   */
  disconnect?(): void;
}

export interface EmulatorRequest extends EmulatorRequestHead {
  readonly body: Uint8Array;
}

export interface EmulatorResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /**
   * Bytes or UTF-8 text for ordinary responses (text is encoded as the socket writes it: JSON
   * answers are never copied into a buffer of their own); an async iterable of chunks for
   * server-sent events.
   */
  readonly body: Uint8Array | string | AsyncIterable<Uint8Array>;
}

/**
 * Answers a request: at once when nothing is waited for (a command on the embedded engine), or
 * with a promise. Each promise costs a request microtask turns, so routes return one only when
 * they wait for I/O.
 */
export type RequestHandler = (
  request: EmulatorRequest,
) => EmulatorResponse | Promise<EmulatorResponse>;

/**
 * A request a route has accepted from its head: the body may be read, up to `maxBodyBytes`, and
 * then `handle` answers it.
 */
export interface AdmittedRequest {
  readonly maxBodyBytes: number;
  /**
   * The answer to a body over `maxBodyBytes`: `receivedBytes` is its declared length, or what had
   * arrived of a chunked body when reading stopped.
   */
  tooLarge(receivedBytes: number): EmulatorResponse;
  handle(request: EmulatorRequest): EmulatorResponse | Promise<EmulatorResponse>;
}

/**
 * What a route decides from the head alone: an answer given without reading the body (a missing
 * token, an unknown path, a method not allowed), or the body's limit and its handler. No byte of an
 * unauthenticated body is ever buffered, and no body is read past its route's limit.
 */
export type Admission = { readonly answer: EmulatorResponse } | AdmittedRequest;

/** Serves requests in two steps: `admit` reads the head, the admitted request's `handle` the rest. */
export interface HttpService {
  admit(head: EmulatorRequestHead): Admission;
}

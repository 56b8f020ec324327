/**
 * The plain request and response objects the HTTP layer works on (STYLE.md §7.7), so one handler
 * serves node:http sockets and in-process `fetch` alike.
 */

/** A request's header fields. */
export interface RequestHeaders {
  /** The value of the field `name` (in lower case); repeated fields joined with `, ` (RFC 9110 §5.3). */
  get(name: string): string | undefined;
}

export interface EmulatorRequest {
  readonly method: string;
  /** The path without the query string, still percent-encoded. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** The query string as sent (without `?`), for byte-exact decoding of command arguments. */
  readonly rawQuery: string;
  readonly headers: RequestHeaders;
  readonly body: Uint8Array;
  /** Aborted when the client goes away; streams stop on it. */
  readonly signal: AbortSignal;
  /** The peer as `ip:port`, for MONITOR lines. */
  readonly remoteAddress: string;
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

/**
 * The HTTP layer every client shares: one undici keep-alive `Pool` per base URL, JSON or bytes in
 * and out, retries on network errors only (never on an HTTP answer), timeouts and `AbortSignal`
 * (STYLE.md §8). undici's `request` API skips the WHATWG `fetch` machinery, which is where most of
 * a small request's client-side cost goes.
 */
import { Pool } from "undici";
import { AbortError, NetworkError, type TimeoutError, UsageError } from "../errors.ts";
import { startDeadline } from "./deadline.ts";
import { type RetryOptions, resolveRetry, sleep } from "./retry.ts";

/** The HTTP methods the clients use. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One request, relative to the transport's base URL. */
export interface TransportRequest {
  readonly method: HttpMethod;
  /** Appended to the base URL's path; starts with `/` (or is `""` for the base itself). */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
  readonly signal?: AbortSignal | undefined;
  /** Overrides the transport's timeout for this request. */
  readonly timeoutMs?: number | undefined;
}

/** A buffered answer. */
export interface TransportResponse {
  readonly status: number;
  /** Response headers with lower-case names. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Uint8Array;
}

/** An answer whose body is still arriving: server-sent events. */
export interface TransportStream {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: AsyncIterable<Uint8Array>;
  /** Reads the rest of the body, for an error answer. */
  readAll(): Promise<Uint8Array>;
  /** Closes the connection; the server sees the stream end. */
  close(): void;
}

/** Options of {@link createTransport}. */
export interface TransportOptions {
  /** The base URL; may carry a path prefix (`http://127.0.0.1:8787/kv/db1`). */
  readonly url: string;
  /** Sent on every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Retries on network errors; `false` disables them. */
  readonly retry?: RetryOptions | false | undefined;
  /** A deadline for each request, retries included; none by default. */
  readonly timeoutMs?: number | undefined;
  /**
   * Most sockets kept open to the server.
   * @default unlimited (undici's default): a burst of N concurrent calls opens N sockets.
   */
  readonly connections?: number | undefined;
}

/** The requests of one base URL over one connection pool. */
export interface Transport extends AsyncDisposable {
  readonly baseUrl: URL;
  request(request: TransportRequest): Promise<TransportResponse>;
  /** Opens a streaming request (no timeout: streams live until closed or aborted). */
  stream(request: TransportRequest): Promise<TransportStream>;
  /** Closes the pool's sockets. */
  close(): Promise<void>;
}

// kv-rest-wire.md §2.1: the SDK's check, so a URL the SDK rejects is rejected here too.
const BASE_URL_PATTERN = /^https?:\/\/[^\s#$./?].\S*$/;

/** Parses and checks a base URL; one trailing `/` is dropped (kv-rest-wire.md §2.1). */
export function parseBaseUrl(url: string): URL {
  if (!BASE_URL_PATTERN.test(url)) {
    throw new UsageError(
      `Invalid base URL ${JSON.stringify(url)}: expected http(s)://host[:port][/prefix]`,
    );
  }
  const parsed = new URL(url);
  parsed.pathname = parsed.pathname.replace(/\/$/, "");
  return parsed;
}

/** Whether the signal has fired; a function so TypeScript does not keep an earlier narrowing. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** undici's abort error names: an abort is reported by `reason()`, never retried. */
function isAbortLike(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === "AbortError" || error.name === "RequestAbortedError")
  );
}

type RawResponse = Awaited<ReturnType<Pool["request"]>>;

/** Creates the transport of one base URL. */
export function createTransport(options: TransportOptions): Transport {
  const baseUrl = parseBaseUrl(options.url);
  const prefix = baseUrl.pathname === "/" ? "" : baseUrl.pathname;
  const pool = new Pool(baseUrl.origin, {
    keepAliveTimeout: 30_000,
    ...(options.connections === undefined ? {} : { connections: options.connections }),
  });
  const retry = resolveRetry(options.retry);
  const baseHeaders = options.headers ?? {};

  /** Sends once per attempt until an answer arrives; only network errors are retried. */
  async function send(
    request: TransportRequest,
    signal: AbortSignal | undefined,
  ): Promise<RawResponse> {
    let lastError: unknown;
    for (let attempt = 0; attempt <= retry.retries; attempt++) {
      if (attempt > 0) {
        await sleep(retry.backoff(attempt - 1), signal);
      }
      if (signal?.aborted === true) {
        throw signal.reason;
      }
      try {
        return await pool.request({
          method: request.method,
          path: `${prefix}${request.path}` || "/",
          headers:
            request.headers === undefined ? baseHeaders : { ...baseHeaders, ...request.headers },
          body: request.body ?? null,
          signal: signal ?? null,
        });
      } catch (error: unknown) {
        // `signal` may have fired while the request was in flight (TS narrowed it to false above).
        if (isAborted(signal) || isAbortLike(error)) {
          throw error;
        }
        lastError = error;
      }
    }
    const reason = lastError instanceof Error ? lastError.message : String(lastError);
    throw new NetworkError(
      `Could not reach ${baseUrl.origin} after ${retry.retries + 1} attempt(s): ${reason}`,
      { cause: lastError, attempts: retry.retries + 1 },
    );
  }

  /** Turns undici's abort rejection into our TimeoutError or AbortError. */
  function rethrow(error: unknown, reason: TimeoutError | AbortError | undefined): never {
    if (reason !== undefined) {
      throw reason;
    }
    if (isAbortLike(error)) {
      throw new AbortError(error);
    }
    throw error;
  }

  return {
    baseUrl,
    async request(request) {
      using deadline = startDeadline({
        signal: request.signal,
        timeoutMs: request.timeoutMs ?? options.timeoutMs,
      });
      try {
        const response = await send(request, deadline.signal);
        const body = new Uint8Array(await response.body.arrayBuffer());
        return { status: response.statusCode, headers: response.headers, body };
      } catch (error: unknown) {
        return rethrow(error, deadline.reason());
      }
    },
    async stream(request) {
      let response: RawResponse;
      try {
        response = await send(request, request.signal);
      } catch (error: unknown) {
        const { signal } = request;
        return rethrow(error, signal?.aborted === true ? new AbortError(signal.reason) : undefined);
      }
      const { body } = response;
      return {
        status: response.statusCode,
        headers: response.headers,
        body: body as AsyncIterable<Uint8Array>,
        readAll: async () => new Uint8Array(await body.arrayBuffer()),
        close: () => {
          body.destroy();
        },
      };
    },
    close: () => pool.close(),
    [Symbol.asyncDispose]: () => pool.close(),
  };
}

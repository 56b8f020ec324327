import {
  isStackOverflowError,
  isStringTooLongError,
  NESTING_OVER_ENGINE_LIMIT,
  STRING_OVER_ENGINE_LIMIT,
} from "../kv/argv.ts";
import { BackendUnavailableError } from "../kv/backend.ts";
import type { EmulatorResponse } from "./types.ts";

/** A JSON response `{"error": message}` with the given status. */
export function jsonError(status: number, message: string): EmulatorResponse {
  return { status, headers: { "content-type": "application/json" }, body: errorBody(message) };
}

/** The `{"error": message}` body of every error answer (kv-rest-wire.md §5.1). */
export function errorBody(message: string): string {
  return JSON.stringify({ error: message });
}

/** The 413 text of routes without a wording of their own. */
export function bodyTooLargeMessage(sizes: {
  maxBodyBytes: number;
  receivedBytes: number;
}): string {
  return `request body too large: the limit is ${sizes.maxBodyBytes} bytes, and this one has at least ${sizes.receivedBytes}`;
}

export function jsonResponse(status: number, value: unknown): EmulatorResponse {
  return {
    status,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(value),
  };
}

/** Thrown by routes for client mistakes; `handler.ts` turns it into a response, once. */
export class HttpError extends Error {
  override readonly name = "HttpError";
  readonly status: number;

  constructor(status: number, message: string, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
  }
}

/**
 * The response for an error a route may throw on purpose, or undefined for a bug. One table
 * (STYLE.md §12): `HttpError` → its own status; `BackendUnavailableError` (the proxied Redis is
 * unreachable) → 503, still a JSON body so the SDK reports it instead of failing to parse
 * (kv-rest-wire.md §8, §16); a string over the engine's limit (`isStringTooLongError`) → 400.
 */
export function knownErrorResponse(error: unknown): EmulatorResponse | undefined {
  const known = knownError(error);
  return known === undefined ? undefined : jsonError(known.status, known.message);
}

/** {@link knownErrorResponse}'s status and `error` text, for routes that build their own response. */
export function knownError(error: unknown): { status: number; message: string } | undefined {
  if (error instanceof HttpError) {
    return { status: error.status, message: error.message };
  }
  if (error instanceof BackendUnavailableError) {
    return { status: 503, message: `ERR backend unavailable: ${error.message}` };
  }
  // An argument or an answer longer than a JS string can be (a body past 512 MiB when
  // --max-request-bytes allows it, a huge value as JSON or base64): the engine's documented limit.
  if (isStringTooLongError(error)) {
    return { status: 400, message: STRING_OVER_ENGINE_LIMIT };
  }
  // A reply nested past what the JSON encoders follow (a deep document's JSON.RESP).
  if (isStackOverflowError(error)) {
    return { status: 400, message: NESTING_OVER_ENGINE_LIMIT };
  }
  return undefined;
}

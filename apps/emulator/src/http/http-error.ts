import { BackendUnavailableError } from "../kv/backend.ts";
import type { EmulatorResponse } from "./types.ts";

const encoder = new TextEncoder();

/** A JSON response `{"error": message}` with the given status. */
export function jsonError(status: number, message: string): EmulatorResponse {
  return jsonResponse(status, { error: message });
}

export function jsonResponse(status: number, value: unknown): EmulatorResponse {
  return {
    status,
    headers: { "content-type": "application/json" },
    body: encoder.encode(JSON.stringify(value)),
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

  toResponse(): EmulatorResponse {
    return jsonError(this.status, this.message);
  }
}

/**
 * The response for an error a route may throw on purpose, or undefined for a bug. One table
 * (STYLE.md §12): `HttpError` → its own status; `BackendUnavailableError` (the proxied Redis is
 * unreachable) → 503, still a JSON body so the SDK reports it instead of failing to parse
 * (kv-rest-wire.md §8, §16).
 */
export function knownErrorResponse(error: unknown): EmulatorResponse | undefined {
  if (error instanceof HttpError) {
    return error.toResponse();
  }
  if (error instanceof BackendUnavailableError) {
    return jsonError(503, `ERR backend unavailable: ${error.message}`);
  }
  return undefined;
}

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

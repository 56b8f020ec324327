/**
 * The wire rules the vector interface and the search interface share, since a search database is
 * served as a vector index (search-wire.md §1): the methods every command takes, the command path
 * `/{command}[/{rest}]`, the JSON body, and the `{"result": …}` / `{"error": …, "status": …}`
 * envelope (vector-rest-wire.md §1.1–§1.3).
 */
import { VectorLimits, VectorRequestError } from "../../vector/index.ts";
import { bodyTooLargeMessage, jsonResponse } from "../http-error.ts";
import type { EmulatorRequestHead, EmulatorResponse } from "../types.ts";

/** The routes' own answers: JSON bytes, whose length usage records. */
export type EnvelopeAnswer = EmulatorResponse & { readonly body: Uint8Array };

// vector-rest-wire.md §1.1: the docs show GET and DELETE for some commands and the PHP client sends
// them with a JSON body, so every command takes these four methods and reads the body whatever
// the method; any other is a 405.
const ALLOWED_METHODS = new Set(["GET", "POST", "PUT", "DELETE"]);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A 405 for a method no command takes. */
export function checkMethod(head: EmulatorRequestHead): void {
  if (!ALLOWED_METHODS.has(head.method)) {
    throw new VectorRequestError(
      405,
      `Method ${head.method} is not allowed: use GET, POST, PUT or DELETE.`,
    );
  }
}

/** The body limit and its 413 in the service's envelope. */
export function bodyLimit(): {
  maxBodyBytes: number;
  tooLarge: (receivedBytes: number) => EmulatorResponse;
} {
  const maxBodyBytes = VectorLimits.MAX_REQUEST_BYTES;
  return {
    maxBodyBytes,
    tooLarge: (receivedBytes) =>
      jsonResponse(413, {
        error: bodyTooLargeMessage({ maxBodyBytes, receivedBytes }),
        status: 413,
      }),
  };
}

/**
 * `upsert/ns` → command `upsert`, rest `ns` (a namespace, or a search index). SDKs append the
 * rest raw, so it is percent-decoded here; everything after the command is the rest, slashes
 * included.
 */
export function splitCommandPath(path: string): { name: string; rest: string | undefined } {
  const trimmed = path.replace(/^\/+/, "");
  const slash = trimmed.indexOf("/");
  if (slash === -1) {
    return { name: trimmed, rest: undefined };
  }
  const raw = trimmed.slice(slash + 1);
  let rest: string;
  try {
    rest = decodeURIComponent(raw);
  } catch {
    rest = raw;
  }
  return { name: trimmed.slice(0, slash), rest };
}

/** The body as JSON whatever the content type (§1.2); empty is undefined. */
export function parseJsonBody(body: Uint8Array): unknown {
  const text = decoder.decode(body);
  if (text.trim() === "") {
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new VectorRequestError(
      400,
      `Invalid request body: not JSON (${JSON.stringify(text.slice(0, 40))}).`,
    );
  }
}

export function envelope(status: number, value: unknown): EnvelopeAnswer {
  return {
    status,
    headers: { "content-type": "application/json" },
    body: encoder.encode(JSON.stringify(value)),
  };
}

/** A client mistake's envelope (§1.3); anything else is rethrown, for `handler.ts`. */
export function errorEnvelope(error: unknown): EnvelopeAnswer {
  if (error instanceof VectorRequestError) {
    return envelope(error.status, { error: error.message, status: error.status });
  }
  throw error;
}

/**
 * The key-value REST request headers and their aliases as data (STYLE.md §7.7): the service's
 * `Upstash-*` names and our spec's `Service-*` names mean the same (kv-rest-wire.md §1).
 */
import { HttpError } from "./http-error.ts";
import type { EmulatorRequest } from "./types.ts";

export const RestHeaders = {
  ENCODING: ["upstash-encoding", "service-encoding"],
  RESPONSE_FORMAT: ["upstash-response-format", "service-response-format"],
  /** Sent back on every response; the SDK reads it in lower case (kv-rest-wire.md §10). */
  SYNC_TOKEN: "upstash-sync-token",
} as const;

export type ResponseFormat = "json" | "resp2";

export interface RestOptions {
  readonly isBase64: boolean;
  readonly format: ResponseFormat;
}

/** One header read through its aliases; two aliases with different values are a client error. */
function readAliased(request: EmulatorRequest, names: readonly string[]): string | undefined {
  let value: string | undefined;
  for (const name of names) {
    const current = request.headers.get(name);
    if (current === undefined) {
      continue;
    }
    if (value !== undefined && value.toLowerCase() !== current.toLowerCase()) {
      throw new HttpError(400, `ERR conflicting values for the ${names.join(" and ")} headers`);
    }
    value = current;
  }
  return value;
}

// The three possible answers, shared: read on every request, never changed.
const JSON_TEXT: RestOptions = { isBase64: false, format: "json" };
const JSON_BASE64: RestOptions = { isBase64: true, format: "json" };
const RESP2: RestOptions = { isBase64: false, format: "resp2" };

/** Reads encoding and response format (interfaces.md response rules 3–5). */
export function readRestOptions(request: EmulatorRequest): RestOptions {
  // Any encoding other than base64 means none (kv-rest-wire.md §1).
  const isBase64 = readAliased(request, RestHeaders.ENCODING)?.toLowerCase() === "base64";
  const formatHeader = readAliased(request, RestHeaders.RESPONSE_FORMAT)?.toLowerCase() ?? "json";
  if (formatHeader !== "json" && formatHeader !== "resp2") {
    throw new HttpError(400, `ERR invalid response format '${formatHeader}': use json or resp2`);
  }
  if (formatHeader === "resp2" && isBase64) {
    throw new HttpError(
      400,
      "ERR base64 encoding cannot be combined with the resp2 response format",
    );
  }
  return formatHeader === "resp2" ? RESP2 : isBase64 ? JSON_BASE64 : JSON_TEXT;
}

/**
 * The key-value REST request options, read through the header names and aliases core defines
 * (kv-rest-wire.md §1): the service's `Upstash-*` names and our spec's `Service-*` names mean the
 * same.
 */
import { REST_HEADER_ALIASES } from "@stratus/core/rest";
import { HttpError } from "./http-error.ts";
import type { EmulatorRequestHead } from "./types.ts";

export type ResponseFormat = "json" | "resp2";

export interface RestOptions {
  readonly isBase64: boolean;
  readonly format: ResponseFormat;
}

/** One header read through its aliases; two aliases with different values are a client error. */
function readAliased(request: EmulatorRequestHead, names: readonly string[]): string | undefined {
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
export function readRestOptions(request: EmulatorRequestHead): RestOptions {
  // Any encoding other than base64 means none (kv-rest-wire.md §1).
  const isBase64 = readAliased(request, REST_HEADER_ALIASES.ENCODING)?.toLowerCase() === "base64";
  const formatHeader =
    readAliased(request, REST_HEADER_ALIASES.RESPONSE_FORMAT)?.toLowerCase() ?? "json";
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

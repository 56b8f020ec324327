/**
 * Answers of the key-value REST interface, turned into outcomes or errors. The result rule itself
 * (shapes, base64) is core's `fromRestResult`; RESP2 bodies go through core's `decodeResp2`. This
 * file only maps HTTP statuses to the error hierarchy (kv-rest-wire.md §8).
 */
import { utf8Decode } from "@stratus/core/base64";
import { decodeResp2, Resp2ProtocolError, type Resp2Value } from "@stratus/core/resp2";
import {
  fromRestResult,
  fromRestResults,
  type RestOutcome,
  RestResultShapeError,
  type RestValue,
} from "@stratus/core/rest";
import { HttpError, ResponseShapeError } from "../errors.ts";
import type { TransportResponse } from "../transport/http-transport.ts";

const MAX_QUOTED_BODY = 200;

/** The body as JSON, or a {@link ResponseShapeError} quoting it (the SDK quotes 200 characters). */
export function parseJsonBody(response: TransportResponse): unknown {
  const text = utf8Decode(response.body);
  try {
    return JSON.parse(text) as unknown;
  } catch (error: unknown) {
    throw new ResponseShapeError(
      `HTTP ${response.status} with a body that is not JSON: ${JSON.stringify(text.slice(0, MAX_QUOTED_BODY))}`,
      { cause: error },
    );
  }
}

/** The `error` string of a JSON error body, if the body is one. */
export function errorMessageOf(response: TransportResponse): string | undefined {
  try {
    const json: unknown = JSON.parse(utf8Decode(response.body));
    if (typeof json === "object" && json !== null && "error" in json) {
      const { error } = json as { readonly error: unknown };
      return typeof error === "string" ? error : undefined;
    }
  } catch {
    // not JSON: the caller quotes the text instead
  }
  return undefined;
}

/** An {@link HttpError} for a non-2xx answer, with the server's message or the body text. */
export function httpErrorOf(response: TransportResponse): HttpError {
  const message = errorMessageOf(response) ?? utf8Decode(response.body).slice(0, MAX_QUOTED_BODY);
  return new HttpError(response.status, message);
}

/** Runs a core decoder, reporting its shape errors as the client's. */
function decoding<TValue>(decode: () => TValue): TValue {
  try {
    return decode();
  } catch (error: unknown) {
    if (error instanceof RestResultShapeError || error instanceof Resp2ProtocolError) {
      throw new ResponseShapeError(error.message, { cause: error });
    }
    throw error;
  }
}

/** A JSON `{result}` or `{error}` body (kv-rest-wire.md §5.1). */
export function decodeJsonReply(response: TransportResponse, isBase64: boolean): RestOutcome {
  const json = parseJsonBody(response);
  return decoding(() => fromRestResult(json, { base64: isBase64 }));
}

/** A JSON `/pipeline` or `/multi-exec` body: one reply per command. */
export function decodeJsonReplies(response: TransportResponse, isBase64: boolean): RestOutcome[] {
  const json = parseJsonBody(response);
  return decoding(() => fromRestResults(json, { base64: isBase64 }));
}

/** A RESP2 reply as the value JSON mode would give (strings as bytes, integers as numbers). */
function toRestValue(value: Resp2Value): RestValue {
  switch (value.kind) {
    case "simple":
      return new TextEncoder().encode(value.value);
    case "error":
      // Only nested errors get here; JSON mode sends them as their message (kv-rest-wire.md §5.2).
      return new TextEncoder().encode(value.message);
    case "integer": {
      const asNumber = Number(value.value);
      return Number.isSafeInteger(asNumber) ? asNumber : value.value;
    }
    case "bulk":
      return value.value;
    case "null":
    case "null-array":
      return null;
    case "array":
      return value.items.map(toRestValue);
    default:
      throw new ResponseShapeError(`Unexpected RESP2 value ${JSON.stringify(value)}`);
  }
}

/** One top-level RESP2 reply as an outcome. */
function toOutcome(value: Resp2Value): RestOutcome {
  return value.kind === "error"
    ? { ok: false, error: value.message }
    : { ok: true, value: toRestValue(value) };
}

/**
 * The replies of a `resp2` body, in order: one for a command, several concatenated for a pipeline
 * (kv-rest-wire.md §7, emulator choice).
 */
export function decodeResp2Replies(body: Uint8Array): RestOutcome[] {
  const outcomes: RestOutcome[] = [];
  let offset = 0;
  while (offset < body.byteLength) {
    const decoded = decoding(() => decodeResp2(body, offset));
    if (decoded.status === "incomplete") {
      throw new ResponseShapeError(`Truncated RESP2 body at byte ${offset} of ${body.byteLength}`);
    }
    outcomes.push(toOutcome(decoded.value));
    offset = decoded.offset;
  }
  return outcomes;
}

/** Whether an answer is a RESP2 body rather than JSON (request-level failures stay JSON, §7). */
export function isResp2Body(response: TransportResponse): boolean {
  const type = response.headers["content-type"];
  return typeof type === "string" && type.startsWith("application/octet-stream");
}

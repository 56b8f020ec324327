/**
 * The key-value REST result rule (spec/kv-rest-wire.md §5 and §6), written once for both ends: the
 * emulator encodes RESP2 replies with `toRestResult`/`toRestJson`, the client decodes bodies with
 * `fromRestResult`. Upstream keeps this rule twice (hiett/serverless-redis-http's
 * `result_encoder.ex`, upstash's `http.ts`); STYLE.md §0.2 wants one copy.
 */
import {
  Base64DecodeError,
  decodeBase64,
  encodeBase64,
  utf8Decode,
  utf8Encode,
} from "../base64/index.ts";
import type { Resp2Value } from "../resp2/value.ts";
import { describeInput, RestResultShapeError } from "./errors.ts";

/**
 * A JSON value inside `result`: null, an integer, a string, or an array of these
 * (spec/interfaces.md, "Key-value command result"). Integers outside ±(2^53 − 1) are bigints,
 * because §5.2 requires their exact digits and a JS number would round them; use
 * {@link stringifyRestResult} (or {@link toRestJson}) to write them, since `JSON.stringify` throws
 * on bigints.
 */
export type RestJson = null | number | bigint | string | readonly RestJson[];

/** One REST reply: `{ result }` on success, `{ error }` on failure, never both (§5.1). */
export type RestResult = { readonly result: RestJson } | { readonly error: string };

/** Options of the REST result rule. */
export interface RestEncodingOptions {
  /**
   * Whether the request asked for `Upstash-Encoding: base64` (alias `Service-Encoding`), which makes
   * every string except a top-level `OK` status base64 (§6).
   */
  readonly base64: boolean;
}

/**
 * A decoded value, as the client sees it. Every string arrives as **bytes**, because with base64
 * the wire carries a reply's exact bytes, which text would lose; decode with `utf8Decode` where a
 * command returns text. Integers are numbers, or bigints if the caller's JSON reader produced them.
 */
export type RestValue = null | number | bigint | Uint8Array | readonly RestValue[];

/** A decoded reply: the value, or the error line of a failed command. */
export type RestOutcome =
  | { readonly ok: true; readonly value: RestValue }
  | { readonly ok: false; readonly error: string };

/** The status reply the base64 rule leaves unencoded at the top level (§6.1 rule 2). */
const OK = "OK";
const OK_JSON = '"OK"';

function assertNever(value: never): never {
  throw new TypeError(`Unexpected RESP2 value: ${JSON.stringify(value)}`);
}

/** Whether `value` is the top-level status `OK` that §6.1 rule 2 sends raw. */
function isTopLevelOk(value: Resp2Value): boolean {
  // Only the simple string: a bulk "OK" (GET of a key holding "OK") is data and gets encoded.
  return value.kind === "simple" && value.value === OK;
}

/** An integer as JSON: a number when exact, else a bigint (§5.2 "do not round through a double"). */
function toJsonInteger(value: bigint): number | bigint {
  const asNumber = Number(value);
  return Number.isSafeInteger(asNumber) ? asNumber : value;
}

function toJsonValue(value: Resp2Value, isBase64: boolean): RestJson {
  switch (value.kind) {
    case "simple":
      // §6.1 rule 4: status replies other than the top-level OK (PONG, QUEUED, type names) are
      // encoded too; the SDK would otherwise mangle them.
      return isBase64 ? encodeBase64(utf8Encode(value.value)) : value.value;
    case "error":
      // Only reachable inside an array. Emulator choice (§5.2): a nested error is sent as its
      // message string, which is then an ordinary string, so base64 applies (§6.1 rule 4).
      return isBase64 ? encodeBase64(utf8Encode(value.message)) : value.message;
    case "integer":
      return toJsonInteger(value.value);
    case "bulk":
      // §5.2: without base64, invalid UTF-8 becomes U+FFFD; with it, the bytes survive exactly.
      return isBase64 ? encodeBase64(value.value) : utf8Decode(value.value);
    case "null":
    case "null-array":
      return null;
    case "array":
      return value.items.map((item) => toJsonValue(item, isBase64));
    default:
      return assertNever(value);
  }
}

/**
 * Converts one RESP2 reply to its REST reply (spec/kv-rest-wire.md §5.2, §6.1):
 * an error reply → `{ error: message }`, never encoded; otherwise `{ result }` with integers as
 * numbers (bigints past 2^53), nulls as `null`, arrays recursively, and strings as UTF-8 text
 * (invalid sequences → U+FFFD) or, with `base64`, as padded standard base64 of their bytes at every
 * depth, except a top-level simple-string `OK`, which stays `"OK"`.
 *
 * @example
 * toRestResult({ kind: "simple", value: "OK" }, { base64: true }); // { result: "OK" }
 * toRestResult({ kind: "simple", value: "PONG" }, { base64: true }); // { result: "UE9ORw==" }
 */
export function toRestResult(value: Resp2Value, options: RestEncodingOptions): RestResult {
  if (value.kind === "error") {
    return { error: value.message };
  }
  if (options.base64 && isTopLevelOk(value)) {
    return { result: OK };
  }
  return { result: toJsonValue(value, options.base64) };
}

/**
 * Converts the replies of a pipeline or transaction (§5.1): one REST reply per command, each under
 * the top-level rules, so an entry's `OK` stays raw and an entry's error is `{ error }`.
 */
export function toRestResults(
  values: readonly Resp2Value[],
  options: RestEncodingOptions,
): RestResult[] {
  return values.map((value) => toRestResult(value, options));
}

/** A JS string as a JSON string literal. Base64 text needs no escaping, so it skips this. */
const quoteJson = (text: string): string => JSON.stringify(text);

function writeJsonValue(value: Resp2Value, isBase64: boolean): string {
  switch (value.kind) {
    case "simple":
      return isBase64 ? `"${encodeBase64(utf8Encode(value.value))}"` : quoteJson(value.value);
    case "error":
      return isBase64 ? `"${encodeBase64(utf8Encode(value.message))}"` : quoteJson(value.message);
    case "integer":
      // Exact digits, whatever the size (§5.2).
      return value.value.toString();
    case "bulk":
      return isBase64 ? `"${encodeBase64(value.value)}"` : quoteJson(utf8Decode(value.value));
    case "null":
    case "null-array":
      return "null";
    case "array":
      return `[${value.items.map((item) => writeJsonValue(item, isBase64)).join(",")}]`;
    default:
      return assertNever(value);
  }
}

/**
 * {@link toRestResult} written straight to JSON text, without the intermediate object: the
 * emulator's path. Equal to `stringifyRestResult(toRestResult(value, options))` always, and to
 * `JSON.stringify(toRestResult(value, options))` whenever every integer is within ±(2^53 − 1).
 */
export function toRestJson(value: Resp2Value, options: RestEncodingOptions): string {
  if (value.kind === "error") {
    return `{"error":${quoteJson(value.message)}}`;
  }
  if (options.base64 && isTopLevelOk(value)) {
    return `{"result":${OK_JSON}}`;
  }
  return `{"result":${writeJsonValue(value, options.base64)}}`;
}

/** {@link toRestResults} written straight to JSON text: the body of `/pipeline` and `/multi-exec`. */
export function toRestResultsJson(
  values: readonly Resp2Value[],
  options: RestEncodingOptions,
): string {
  return `[${values.map((value) => toRestJson(value, options)).join(",")}]`;
}

function writeRestJson(value: RestJson): string {
  if (value === null) {
    return "null";
  }
  if (typeof value === "string") {
    return quoteJson(value);
  }
  if (typeof value === "number" || typeof value === "bigint") {
    return value.toString();
  }
  return `[${value.map(writeRestJson).join(",")}]`;
}

/**
 * `JSON.stringify` for a {@link RestResult} that also writes bigints, as their exact digits
 * (Node 20 has no `JSON.rawJSON`).
 */
export function stringifyRestResult(result: RestResult): string {
  return "error" in result
    ? `{"error":${quoteJson(result.error)}}`
    : `{"result":${writeRestJson(result.result)}}`;
}

/** What the decoder needs to report a problem: the whole input is quoted, not just the bad part. */
interface DecodeContext {
  readonly isBase64: boolean;
  readonly input: unknown;
  /** Where in a batch the entry sits, as a message prefix (`"entry 2: "`), or `""`. */
  readonly where: string;
}

function shapeError(
  context: DecodeContext,
  reason: string,
  options?: ErrorOptions,
): RestResultShapeError {
  return new RestResultShapeError(`${context.where}${reason}`, context.input, options);
}

const okBytes = (): Uint8Array => Uint8Array.of(0x4f, 0x4b);

function decodeString(text: string, context: DecodeContext): Uint8Array {
  if (!context.isBase64) {
    return utf8Encode(text);
  }
  // A raw "OK" cannot be base64 (its length is not a multiple of 4), so accepting it at any depth
  // is unambiguous; the service sends it raw only at the top level (§6.1 rule 2).
  if (text === OK) {
    return okBytes();
  }
  try {
    return decodeBase64(text);
  } catch (error: unknown) {
    if (error instanceof Base64DecodeError) {
      throw shapeError(context, `string ${describeInput(text)} is not base64`, { cause: error });
    }
    throw error;
  }
}

function decodeValue(value: unknown, context: DecodeContext): RestValue {
  if (value === null) {
    return null;
  }
  switch (typeof value) {
    case "string":
      return decodeString(value, context);
    case "number":
      // Only integers exist in RESP2 (floats are bulk strings, §5.2).
      if (!Number.isInteger(value)) {
        throw shapeError(context, `number ${value} is not an integer`);
      }
      return value;
    case "bigint":
      return value;
    default:
      if (Array.isArray(value)) {
        return value.map((item: unknown) => decodeValue(item, context));
      }
      // §5.2: objects and booleans are never values.
      throw shapeError(
        context,
        `${describeInput(value)} is not null, an integer, a string or an array`,
      );
  }
}

function decodeEntry(json: unknown, context: DecodeContext): RestOutcome {
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw shapeError(context, "expected an object with `result` or `error`");
  }
  const hasResult = Object.hasOwn(json, "result");
  const hasError = Object.hasOwn(json, "error");
  if (hasResult === hasError) {
    // §5.1: exactly one of the two; the SDK throws "Request did not return a result" on neither.
    const reason = hasResult
      ? "both `result` and `error` are present"
      : "neither `result` nor `error` is present";
    throw shapeError(context, reason);
  }
  if (hasError) {
    const error: unknown = (json as { readonly error: unknown }).error;
    if (typeof error !== "string") {
      throw shapeError(context, "`error` is not a string");
    }
    // §6.1 rule 3: the error field is never encoded.
    return { ok: false, error };
  }
  const result: unknown = (json as { readonly result: unknown }).result;
  return { ok: true, value: decodeValue(result, context) };
}

/**
 * Decodes one REST reply body (already parsed JSON) on the client: checks the shape of §5.1 and
 * §5.2, and with `base64` decodes every string back to its bytes (a raw `"OK"` stays `OK`). Unknown
 * keys besides `result`/`error` are ignored, for forward compatibility.
 *
 * @returns `{ ok: true, value }`, or `{ ok: false, error }` carrying the command's error line.
 * @throws {RestResultShapeError} if `json` is not `{ result }` or `{ error: string }`, or holds a
 * boolean, object, non-integer number, or (with `base64`) a string that is not base64.
 */
export function fromRestResult(json: unknown, options: RestEncodingOptions): RestOutcome {
  return decodeEntry(json, { isBase64: options.base64, input: json, where: "" });
}

/**
 * Decodes a `/pipeline` or `/multi-exec` body: an array with one reply per command (§5.1). A
 * discarded transaction is a single `{ error }` object instead (§12); decode that with
 * {@link fromRestResult}.
 *
 * @throws {RestResultShapeError} if `json` is not an array of replies.
 */
export function fromRestResults(json: unknown, options: RestEncodingOptions): RestOutcome[] {
  if (!Array.isArray(json)) {
    throw new RestResultShapeError("expected an array of replies", json);
  }
  return json.map((entry: unknown, index) =>
    decodeEntry(entry, { isBase64: options.base64, input: json, where: `entry ${index}: ` }),
  );
}

/**
 * Parses an HTTP/1.x request head (RFC 9112 §3, §5): the request line and the header fields, up to
 * but not including the empty line. Strict where laxness lets requests be smuggled or misread (no
 * obs-fold, no control bytes, one framing), lenient where clients differ harmlessly (any case in
 * header names, optional whitespace around values).
 */
import type { RequestHeaders } from "../types.ts";

export type BodyFraming =
  | { readonly kind: "length"; readonly length: number }
  | { readonly kind: "chunked" };

export interface RequestHead {
  readonly method: string;
  /** The request target as sent: raw bytes ≥ 0x80 are read as UTF-8 (invalid ones as U+FFFD). */
  readonly target: string;
  /** 0 for HTTP/1.0, 1 for HTTP/1.1. */
  readonly minorVersion: 0 | 1;
  readonly headers: HeaderFields;
  readonly framing: BodyFraming;
  /** Whether the connection stays open after the response (RFC 9112 §9.3). */
  readonly keepAlive: boolean;
  /** `Expect: 100-continue` (RFC 9110 §10.1.1). */
  readonly expectsContinue: boolean;
}

/** A request the server cannot read; answered with `status` and the connection closed. */
export class RequestHeadError extends Error {
  override readonly name = "RequestHeadError";
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * The header fields as received, names in lower case. A flat list, not an object keyed by name:
 * building an object from each request's names cost four times as much (V8 adds every key through
 * its slow keyed-store path), and a scan of the few fields a request has finds one at once. Names
 * such as `__proto__` are plain strings here.
 */
export class HeaderFields implements RequestHeaders {
  /** name, value, name, value, … */
  readonly #fields: string[] = [];

  add(name: string, value: string): void {
    this.#fields.push(name, value);
  }

  get(name: string): string | undefined {
    const fields = this.#fields;
    let value: string | undefined;
    for (let i = 0; i < fields.length; i += 2) {
      if (fields[i] === name) {
        const next = fields[i + 1] as string;
        value = value === undefined ? next : `${value}, ${next}`;
      }
    }
    return value;
  }

  *entries(): Iterable<[string, string]> {
    const fields = this.#fields;
    for (let i = 0; i < fields.length; i += 2) {
      yield [fields[i] as string, fields[i + 1] as string];
    }
  }
}

const SPACE = 0x20;
const TAB = 0x09;
const COLON = 0x3a;
const CR = 0x0d;
const LF = 0x0a;

/** `tchar` of RFC 9110 §5.6.2: what methods and header names are made of. */
const TOKEN_BYTES = new Uint8Array(256);
for (const char of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") {
  TOKEN_BYTES[char.charCodeAt(0)] = 1;
}

const utf8 = new TextDecoder();

function malformed(detail: string): RequestHeadError {
  return new RequestHeadError(400, `ERR malformed HTTP request: ${detail}`);
}

/**
 * Parses `bytes[start, end)`: the head without its final empty line (`end` is where `\r\n\r\n`
 * begins, so the last header line has no line break of its own). The head is read as Latin-1
 * text, one character per byte, so offsets in the text are offsets in the bytes.
 * @throws {RequestHeadError} for anything RFC 9112 does not allow.
 */
export function parseRequestHead(bytes: Buffer, start: number, end: number): RequestHead {
  const text = bytes.toString("latin1", start, end);
  const lineEnd = lineEndOf(text, 0);
  const { method, target, minorVersion } = parseRequestLine(text, lineEnd, { bytes, start });
  const headers = new HeaderFields();
  let lengthHeader: string | undefined;
  for (let lineStart = lineEnd + 2; lineStart < text.length; ) {
    const next = lineEndOf(text, lineStart);
    const { name, value } = parseField(text, lineStart, next);
    if (name === "content-length") {
      if (lengthHeader !== undefined && lengthHeader !== value) {
        throw malformed("conflicting content-length headers");
      }
      lengthHeader = value;
    }
    headers.add(name, value);
    lineStart = next + 2;
  }
  const connection = headers.get("connection")?.toLowerCase();
  return {
    method,
    target,
    minorVersion,
    headers,
    framing: bodyFraming(lengthHeader, headers.get("transfer-encoding")),
    keepAlive:
      minorVersion === 1
        ? connection === undefined || !hasToken(connection, "close")
        : connection !== undefined && hasToken(connection, "keep-alive"),
    expectsContinue: headers.get("expect")?.toLowerCase() === "100-continue",
  };
}

/** Where the line starting at `from` ends (its `\r\n`, or the end of the head). */
function lineEndOf(text: string, from: number): number {
  const index = text.indexOf("\r\n", from);
  return index === -1 ? text.length : index;
}

/** The request line, `text[0, end)`; a target with raw non-ASCII bytes is decoded from `source`. */
function parseRequestLine(
  text: string,
  end: number,
  source: { readonly bytes: Buffer; readonly start: number },
): { method: string; target: string; minorVersion: 0 | 1 } {
  let index = 0;
  while (index < end && TOKEN_BYTES[text.charCodeAt(index)] === 1) {
    index++;
  }
  if (index === 0 || text.charCodeAt(index) !== SPACE) {
    throw malformed("the request line must be 'METHOD target HTTP/1.1'");
  }
  const method = text.slice(0, index);
  const targetStart = index + 1;
  let isAscii = true;
  for (index = targetStart; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === SPACE) {
      break;
    }
    if (code < 0x21 || code === 0x7f) {
      throw malformed("a control character in the request target");
    }
    if (code >= 0x80) {
      isAscii = false;
    }
  }
  if (index === targetStart || index === end) {
    throw malformed("the request line must be 'METHOD target HTTP/1.1'");
  }
  const target = isAscii
    ? text.slice(targetStart, index)
    : utf8.decode(source.bytes.subarray(source.start + targetStart, source.start + index));
  const version = text.slice(index + 1, end);
  if (version !== "HTTP/1.1" && version !== "HTTP/1.0") {
    throw malformed(`unsupported version '${version.slice(0, 16)}': use HTTP/1.1`);
  }
  return { method, target, minorVersion: version === "HTTP/1.1" ? 1 : 0 };
}

/** `name ":" OWS value OWS` (RFC 9112 §5); obs-fold and control bytes are refused. */
function parseField(text: string, start: number, end: number): { name: string; value: string } {
  let index = start;
  while (index < end && TOKEN_BYTES[text.charCodeAt(index)] === 1) {
    index++;
  }
  if (index === start || text.charCodeAt(index) !== COLON) {
    const first = text.charCodeAt(start);
    throw malformed(
      first === SPACE || first === TAB
        ? "folded header lines are not allowed"
        : "a header line without a name and a colon",
    );
  }
  const name = text.slice(start, index).toLowerCase();
  let valueStart = index + 1;
  while (valueStart < end && isBlank(text.charCodeAt(valueStart))) {
    valueStart++;
  }
  let valueEnd = end;
  while (valueEnd > valueStart && isBlank(text.charCodeAt(valueEnd - 1))) {
    valueEnd--;
  }
  for (let at = valueStart; at < valueEnd; at++) {
    const code = text.charCodeAt(at);
    if ((code < 0x20 && code !== TAB) || code === 0x7f) {
      throw malformed(
        code === CR || code === LF
          ? "a line ending in a bare CR or LF"
          : `a control character in the ${name} header`,
      );
    }
  }
  return { name, value: text.slice(valueStart, valueEnd) };
}

function isBlank(code: number): boolean {
  return code === SPACE || code === TAB;
}

/**
 * How the body is delimited (RFC 9112 §6.3). Both headers at once is how requests are smuggled,
 * so it is refused, as is any transfer coding but chunked.
 */
function bodyFraming(
  lengthHeader: string | undefined,
  transferEncoding: string | undefined,
): BodyFraming {
  if (transferEncoding !== undefined) {
    if (lengthHeader !== undefined) {
      throw malformed("both content-length and transfer-encoding");
    }
    if (transferEncoding.toLowerCase() !== "chunked") {
      throw malformed(`unsupported transfer-encoding '${transferEncoding}': use chunked`);
    }
    return { kind: "chunked" };
  }
  if (lengthHeader === undefined) {
    return { kind: "length", length: 0 };
  }
  if (!/^\d{1,15}$/.test(lengthHeader)) {
    throw malformed(`invalid content-length '${lengthHeader.slice(0, 32)}'`);
  }
  return { kind: "length", length: Number(lengthHeader) };
}

/** Whether a comma-separated header value (already lower case) lists `token`. */
function hasToken(value: string, token: string): boolean {
  if (value === token) {
    return true;
  }
  return value.split(",").some((part) => part.trim() === token);
}

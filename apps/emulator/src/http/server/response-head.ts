/**
 * Writes HTTP/1.1 response heads (RFC 9112 §4, §6): status line, the route's headers, and the
 * framing and connection headers, which only the server decides.
 */
import { STATUS_CODES } from "node:http";

/** Headers a route may not set: the connection's framing and persistence are the server's. */
const SERVER_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date"]);

export type ResponseFraming =
  | { readonly kind: "length"; readonly length: number }
  | { readonly kind: "chunked" }
  /** HTTP/1.0 streams: the body ends when the connection does. */
  | { readonly kind: "close-delimited" };

export interface ResponseHeadOptions {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly framing: ResponseFraming;
  /** Whether the connection stays open; `keepAliveSeconds` is announced so clients close first. */
  readonly keepAlive: boolean;
  readonly keepAliveSeconds: number;
  /** The server's own fields for every response, after the route's (`HttpServerOptions`). */
  readonly serverHeaders?: Readonly<Record<string, string>>;
}

let cachedDate = "";
let cachedDateSecond = -1;

/** The `Date` header's value (RFC 9110 §6.6.1), formatted at most once a second. */
function httpDate(): string {
  const nowMs = Date.now();
  const second = Math.floor(nowMs / 1000);
  if (second !== cachedDateSecond) {
    cachedDateSecond = second;
    cachedDate = new Date(nowMs).toUTCString();
  }
  return cachedDate;
}

/** Visible ASCII, spaces and tabs (RFC 9110 §5.5 without obs-text). */
const FIELD_VALUE = /^[\t -~]*$/;

function field(name: string, value: string): string {
  if (!FIELD_VALUE.test(value)) {
    // A line break would split the response; other bytes would not survive the head's encoding.
    throw new Error(`the response header ${name} holds a character that is not visible ASCII`);
  }
  return `${name}: ${value}\r\n`;
}

/**
 * The response head as ASCII text, ending with the empty line.
 * @throws {Error} when a header value holds a line break (it would split the response) or a
 * character that is not visible ASCII.
 */
export function formatResponseHead(options: ResponseHeadOptions): string {
  const { status, framing } = options;
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Unknown"}\r\n`;
  let hasLength = false;
  for (const name in options.headers) {
    if (SERVER_HEADERS.has(name)) {
      continue;
    }
    if (name === "content-length") {
      // A HEAD answer carries its GET's length; a stream has none.
      if (framing.kind !== "length") {
        continue;
      }
      hasLength = true;
    }
    head += field(name, options.headers[name] as string);
  }
  for (const name in options.serverHeaders) {
    head += field(name, options.serverHeaders[name] as string);
  }
  if (framing.kind === "length" && !hasLength) {
    head += `content-length: ${framing.length}\r\n`;
  } else if (framing.kind === "chunked") {
    head += "transfer-encoding: chunked\r\n";
  }
  head += `date: ${httpDate()}\r\n`;
  head += options.keepAlive
    ? `connection: keep-alive\r\nkeep-alive: timeout=${options.keepAliveSeconds}\r\n\r\n`
    : "connection: close\r\n\r\n";
  return head;
}

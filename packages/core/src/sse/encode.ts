/**
 * SSE framing (WHATWG HTML §9.2 "Server-sent events", the `text/event-stream` format).
 *
 * Frames end every line with LF only: the SDK splits its buffer on `"\n"`, so a CR would stay in
 * its payload (spec/kv-rest-wire.md §11.1).
 *
 * The SDK reads every line that starts with `data: ` as an item of its own (upstash/redis-js
 * `pkg/http.ts`), so the lines after the first of a multi-line `data` are written `data:` without
 * the space, which WHATWG allows and the SDK skips: a later line of a payload never reaches the
 * SDK's listeners as an item, such as a forged `message` on another channel.
 */
import { quote, SseEncodeError } from "./errors.ts";

/** One event to send. Only `data` is required; it may contain line breaks of any style. */
export interface SseMessage {
  /**
   * The payload. Each line (split on CRLF, CR or LF) becomes its own `data:` line; a receiver joins
   * them with LF, so CR and CRLF arrive as LF (WHATWG HTML §9.2.6).
   */
  readonly data: string;
  /** The event type; receivers use `message` when it is absent. Must not contain CR or LF. */
  readonly event?: string;
  /** The last-event ID to set. Must not contain CR, LF or NUL. */
  readonly id?: string;
  /** The reconnection time to set, in milliseconds: a non-negative integer. */
  readonly retry?: number;
}

const LINE_BREAK = /\r\n|\r|\n/;
const SPACE = 0x20;
const encoder = new TextEncoder();

/** The MIME type of an SSE response (WHATWG HTML §9.2.1). */
export const SSE_CONTENT_TYPE = "text/event-stream";

/** Text of the keep-alive comment (spec/kv-rest-wire.md §11.1: "send a `: ping` comment"). */
export const SSE_PING_COMMENT = "ping";

/**
 * The keep-alive frame, `: ping` plus a blank line. A comment, not an `event:`, because the SDK
 * drops every line that does not start with `data: ` (spec/kv-rest-wire.md §11.1).
 */
export const SSE_PING_EVENT = `: ${SSE_PING_COMMENT}\n\n`;

/** How often a stream sends {@link SSE_PING_EVENT} (spec/kv-rest-wire.md §11.1: every 15 s). */
export const SSE_PING_INTERVAL_MS = 15_000;

function assertSingleLine(field: string, value: string): void {
  if (value.includes("\n") || value.includes("\r")) {
    throw new SseEncodeError(`SSE ${field} must not contain a line break: ${quote(value)}`);
  }
}

/**
 * Frames one event: optional `event:`, `id:` and `retry:` lines, one `data:` line per line of
 * `data`, then a blank line (the "Emulator choice" of spec/kv-rest-wire.md §11.1: `\n\n` ends each
 * event, which is standard SSE and harmless to the SDK).
 *
 * `data` is split on every line-break style because a receiver treats CR, LF and CRLF alike as line
 * ends (WHATWG HTML §9.2.5); leaving one in place would end the field early. The first `data:` line
 * carries the space after the colon, which receivers strip and the SDK requires. The following
 * lines go without it (`data:line`), so the SDK, which takes only `data: ` lines, drops them
 * instead of reading each as an item of its own; a line that itself starts with a space keeps it
 * (`data:  line`, since receivers strip exactly one), and the SDK then reads text that starts with
 * a space, which names no pub/sub kind.
 *
 * @throws {SseEncodeError} if `event` or `id` contains a line break, `id` contains NUL (receivers
 * ignore such IDs), or `retry` is not a non-negative integer.
 * @example
 * encodeSseEvent({ data: "a\nb", event: "x" }); // "event: x\ndata: a\ndata:b\n\n"
 */
export function encodeSseEvent(message: SseMessage): string {
  let frame = "";
  if (message.event !== undefined) {
    assertSingleLine("event", message.event);
    frame += `event: ${message.event}\n`;
  }
  if (message.id !== undefined) {
    assertSingleLine("id", message.id);
    if (message.id.includes("\0")) {
      throw new SseEncodeError(`SSE id must not contain NUL: ${quote(message.id)}`);
    }
    frame += `id: ${message.id}\n`;
  }
  if (message.retry !== undefined) {
    if (!Number.isSafeInteger(message.retry) || message.retry < 0) {
      throw new SseEncodeError(`SSE retry must be a non-negative integer, got ${message.retry}`);
    }
    frame += `retry: ${message.retry}\n`;
  }
  const data = message.data;
  // Most payloads are one line; skip the split for them.
  if (!LINE_BREAK.test(data)) {
    return `${frame}data: ${data}\n\n`;
  }
  const [first = "", ...rest] = data.split(LINE_BREAK);
  frame += `data: ${first}\n`;
  for (const line of rest) {
    frame += line.charCodeAt(0) === SPACE ? `data: ${line}\n` : `data:${line}\n`;
  }
  return `${frame}\n`;
}

/** {@link encodeSseEvent}, as the UTF-8 bytes a response body writes (WHATWG HTML §9.2.5). */
export function encodeSseEventBytes(message: SseMessage): Uint8Array {
  return encoder.encode(encodeSseEvent(message));
}

/**
 * Frames a comment line plus a blank line. Receivers ignore comments; they keep idle connections
 * open through proxies.
 *
 * @throws {SseEncodeError} if `text` contains a line break.
 */
export function encodeSseComment(text: string): string {
  assertSingleLine("comment", text);
  return `: ${text}\n\n`;
}

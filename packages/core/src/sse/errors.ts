import { StratusCoreError } from "../errors.ts";

/** How much of an offending value an error message quotes. */
const QUOTE_LENGTH = 80;

/** Quotes `text` as JSON, truncated, so control characters are visible in the message. */
export function quote(text: string): string {
  return JSON.stringify(text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH)}…` : text);
}

/**
 * Thrown by the SSE encoders for a field that cannot be framed: a line break in `event` or `id`
 * would end the field early and inject the rest as a new line, which is a protocol injection,
 * not a formatting detail.
 */
export class SseEncodeError extends StratusCoreError {
  override readonly name: string = "SseEncodeError";
}

/**
 * Thrown by the SSE parser when a line exceeds its length limit. Without a limit, a peer that never
 * sends a line break makes the parser buffer without bound (STYLE.md §6).
 */
export class SseParseError extends StratusCoreError {
  override readonly name: string = "SseParseError";
}

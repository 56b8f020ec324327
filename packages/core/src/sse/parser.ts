/**
 * An incremental `text/event-stream` parser following WHATWG HTML §9.2.6 "Interpreting an event
 * stream". Chunks may split the stream anywhere: inside a UTF-8 sequence, inside a line, or between
 * the CR and LF of a CRLF. The anti-anchor is an inline reader that splits on `"\n"` and keeps only
 * `data: ` lines (upstash's `http.ts`, STYLE.md §6).
 */
import { quote, SseParseError } from "./errors.ts";

/** One dispatched event. */
export interface SseEvent {
  /** The event type: the last `event:` field of the block, or `message` (WHATWG's default). */
  readonly event: string;
  /** The `data:` lines of the block joined with LF. */
  readonly data: string;
  /**
   * The last event ID: the most recent `id:` field of the *stream*, not only of this block, since
   * WHATWG keeps it until another `id:` replaces it; `""` before the first one.
   */
  readonly id: string;
  /**
   * The reconnection time in milliseconds set by the most recent valid `retry:` field of the
   * stream, if any. WHATWG applies `retry:` at once, even in a block that dispatches nothing.
   */
  readonly retry?: number;
}

/** When the parser dispatches an event. */
export type SseDispatchMode =
  /** WHATWG: a blank line ends the block, and its `data:` lines make one event. */
  | "blank-line"
  /**
   * Like the SDK (spec/kv-rest-wire.md §11.1), every `data:` line is its own event at once, for
   * peers that send one `data:` line per item without blank lines. Line breaks, the space after
   * the colon, `event:` and `id:` still follow WHATWG.
   */
  | "data-line"
  /**
   * For a peer that may frame either way: `data-line` until the stream ends an event with a blank
   * line right after a `data:` line, then `blank-line` for the rest of the stream. The service
   * sends one `data: ` line per item and no blank lines (spec/kv-rest-wire.md §11.1); the emulator
   * ends every event with one, so its multi-line events are joined as WHATWG says. Its first event,
   * read before the switch, is the stream's confirmation (`subscribe,<name>,1` or `"OK"`), so data
   * a publisher controls is always read by the standard.
   */
  | "auto";

/** Options of {@link createSseParser}. */
export interface SseParserOptions {
  /**
   * The longest line accepted, in UTF-16 code units of decoded text, terminator excluded.
   * @default SSE_DEFAULT_MAX_LINE_LENGTH (1 MiB, the SDK's limit, spec/kv-rest-wire.md §11.1)
   */
  readonly maxLineLength?: number;
  /** @default "blank-line" */
  readonly dispatch?: SseDispatchMode;
}

/** A stateful parser of one event stream. */
export interface SseParser {
  /**
   * Feeds the next chunk: text, or UTF-8 bytes (decoded across chunk boundaries). Returns the
   * events the chunk completed, in order.
   * @throws {SseParseError} if a line exceeds the limit.
   */
  push(chunk: string | Uint8Array): SseEvent[];
  /**
   * Ends the stream and resets the parser for a new one. WHATWG discards an event whose block was
   * not closed by a blank line, so this returns the events completed by flushing the decoder: none
   * under any dispatch mode. It returns an array so callers treat `push` and `end` alike.
   */
  end(): SseEvent[];
}

/** The default {@link SseParserOptions.maxLineLength}: 1 MiB, where the SDK aborts (§11.1). */
export const SSE_DEFAULT_MAX_LINE_LENGTH = 1_048_576;

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const BOM = 0xfeff;
const DIGITS_ONLY = /^[0-9]+$/;

/**
 * Creates a parser for one event stream.
 *
 * @example
 * const parser = createSseParser();
 * parser.push("data: a\r"); // []
 * parser.push("\ndata: b\n\n"); // [{ event: "message", data: "a\nb", id: "" }]
 */
export function createSseParser(options: SseParserOptions = {}): SseParser {
  const maxLineLength = options.maxLineLength ?? SSE_DEFAULT_MAX_LINE_LENGTH;
  const isAutoMode = options.dispatch === "auto";
  const startsInDataLineMode = options.dispatch === "data-line" || isAutoMode;
  if (!(maxLineLength >= 1)) {
    throw new SseParseError(`SSE maxLineLength must be at least 1, got ${maxLineLength}`);
  }
  // ignoreBOM: the BOM rule below applies to string chunks too, so it is handled once, there.
  let decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let hasUndecodedBytes = false;
  // Per-parser, because `lastIndex` is state.
  const lineBreak = /[\r\n]/g;

  // Stream state (WHATWG §9.2.6 buffers).
  let isDataLineMode = startsInDataLineMode;
  let isAfterDataLine = false; // the previous line was a `data` field (for `auto`)
  let isAtStreamStart = true;
  let isAfterCr = false; // the previous chunk ended in CR: a leading LF belongs to that CRLF
  let partialLine: string[] = []; // pieces of the current, unterminated line
  let partialLength = 0;
  let dataLines: string[] = [];
  let eventType = "";
  let lastEventId = "";
  let retry: number | undefined;

  function reset(): void {
    decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    hasUndecodedBytes = false;
    isDataLineMode = startsInDataLineMode;
    isAfterDataLine = false;
    isAtStreamStart = true;
    isAfterCr = false;
    partialLine = [];
    partialLength = 0;
    dataLines = [];
    eventType = "";
    lastEventId = "";
    retry = undefined;
  }

  function makeEvent(data: string): SseEvent {
    const event = { event: eventType === "" ? "message" : eventType, data, id: lastEventId };
    return retry === undefined ? event : { ...event, retry };
  }

  function dispatch(out: SseEvent[]): void {
    // WHATWG: an empty data buffer dispatches nothing, but still clears the event type.
    if (dataLines.length > 0) {
      out.push(makeEvent(dataLines.join("\n")));
      dataLines = [];
    }
    eventType = "";
  }

  function processLine(line: string, out: SseEvent[]): void {
    const wasAfterDataLine = isAfterDataLine;
    isAfterDataLine = false;
    if (line.length === 0) {
      if (isAutoMode && wasAfterDataLine) {
        // The peer ends its events with a blank line: from now on, `data:` lines are joined.
        isDataLineMode = false;
      }
      dispatch(out);
      return;
    }
    const colon = line.indexOf(":");
    if (colon === 0) {
      return; // a comment
    }
    let field = line;
    let value = "";
    if (colon > 0) {
      field = line.slice(0, colon);
      // Exactly one space after the colon is syntax, not data.
      value = line.slice(line.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1);
    }
    switch (field) {
      case "event":
        eventType = value;
        return;
      case "data":
        isAfterDataLine = true;
        if (isDataLineMode) {
          out.push(makeEvent(value));
          eventType = "";
        } else {
          dataLines.push(value);
        }
        return;
      case "id":
        // WHATWG ignores an ID containing NUL.
        if (!value.includes("\0")) {
          lastEventId = value;
        }
        return;
      case "retry":
        // WHATWG ignores a value that is not all ASCII digits; we also ignore one past 2^53.
        if (DIGITS_ONLY.test(value)) {
          const milliseconds = Number(value);
          if (Number.isSafeInteger(milliseconds)) {
            retry = milliseconds;
          }
        }
        return;
      default:
        return; // WHATWG: unknown fields are ignored
    }
  }

  function tooLong(start: string): SseParseError {
    return new SseParseError(
      `SSE line longer than ${maxLineLength} characters, starting ${quote(start)}`,
    );
  }

  function feed(text: string, out: SseEvent[]): void {
    let start = 0;
    if (text.length === 0) {
      return;
    }
    if (isAtStreamStart) {
      isAtStreamStart = false;
      // WHATWG decodes with "UTF-8 decode", which strips one leading BOM.
      if (text.charCodeAt(0) === BOM) {
        start = 1;
      }
    }
    if (isAfterCr) {
      isAfterCr = false;
      if (text.charCodeAt(start) === LF) {
        start++;
      }
    }
    for (;;) {
      lineBreak.lastIndex = start;
      const match = lineBreak.exec(text);
      if (match === null) {
        if (start < text.length) {
          // Only the new piece is scanned each time, so a long line costs O(n) overall.
          partialLine.push(text.slice(start));
          partialLength += text.length - start;
          if (partialLength > maxLineLength) {
            throw tooLong(partialLine.join(""));
          }
        }
        return;
      }
      const end = match.index;
      let line = text.slice(start, end);
      if (partialLength > 0) {
        partialLine.push(line);
        line = partialLine.join("");
        partialLine = [];
        partialLength = 0;
      }
      if (line.length > maxLineLength) {
        throw tooLong(line);
      }
      processLine(line, out);
      start = end + 1;
      if (text.charCodeAt(end) === CR) {
        if (start === text.length) {
          // The LF of a CRLF may arrive in the next chunk; the line is already complete.
          isAfterCr = true;
        } else if (text.charCodeAt(start) === LF) {
          start++;
        }
      }
    }
  }

  function flushDecoder(out: SseEvent[]): void {
    if (hasUndecodedBytes) {
      hasUndecodedBytes = false;
      // An incomplete UTF-8 sequence at the end becomes U+FFFD, as in WHATWG's decoder.
      feed(decoder.decode(), out);
    }
  }

  return {
    push(chunk: string | Uint8Array): SseEvent[] {
      const out: SseEvent[] = [];
      if (typeof chunk === "string") {
        flushDecoder(out);
        feed(chunk, out);
      } else {
        hasUndecodedBytes = true;
        feed(decoder.decode(chunk, { stream: true }), out);
      }
      return out;
    },
    end(): SseEvent[] {
      const out: SseEvent[] = [];
      flushDecoder(out);
      reset();
      return out;
    },
  };
}

/**
 * @module
 * `@stratus/core/sse`: `text/event-stream` framing and an incremental parser, shared by the
 * emulator's streams and the client (STYLE.md §6; spec/kv-rest-wire.md §11).
 */

export type { SseMessage } from "./encode.ts";
export {
  encodeSseComment,
  encodeSseEvent,
  encodeSseEventBytes,
  SSE_CONTENT_TYPE,
  SSE_PING_COMMENT,
  SSE_PING_EVENT,
  SSE_PING_INTERVAL_MS,
} from "./encode.ts";
export { SseEncodeError, SseParseError } from "./errors.ts";
export type { SseDispatchMode, SseEvent, SseParser, SseParserOptions } from "./parser.ts";
export { createSseParser, SSE_DEFAULT_MAX_LINE_LENGTH } from "./parser.ts";

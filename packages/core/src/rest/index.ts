/**
 * @module
 * `@stratus/core/rest`: the key-value REST result rule (RESP2 reply ↔ JSON, with and without
 * base64) and the pub/sub and monitor SSE items, for both the emulator and the client
 * (STYLE.md §6; spec/kv-rest-wire.md §5, §6, §11).
 */
export { PubSubItemParseError, RestFormatError, RestResultShapeError } from "./errors.ts";
export { REST_HEADER_ALIASES, RestHeaders } from "./headers.ts";
export type { MonitorEntry } from "./monitor.ts";
export {
  formatMonitorLine,
  MONITOR_OK_ITEM,
  MONITOR_REST_ADDRESS,
  parseMonitorLine,
  replaceMonitorAddress,
} from "./monitor.ts";
export type {
  ParsePubSubItemOptions,
  PubSubItem,
  PubSubMessageItem,
  PubSubPatternMessageItem,
  PubSubSubscriptionItem,
  PubSubSubscriptionKind,
  PubSubText,
} from "./pubsub.ts";
export {
  formatMessageItem,
  formatPMessageItem,
  formatPubSubItem,
  formatSubscribeItem,
  parsePubSubItem,
} from "./pubsub.ts";
export type {
  RestEncodingOptions,
  RestJson,
  RestOutcome,
  RestResult,
  RestValue,
} from "./result.ts";
export {
  fromRestResult,
  fromRestResults,
  stringifyRestResult,
  toRestJson,
  toRestResult,
  toRestResults,
  toRestResultsJson,
} from "./result.ts";

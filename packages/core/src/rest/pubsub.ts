/**
 * The pub/sub items of the key-value REST SSE streams (spec/kv-rest-wire.md §11.1): one
 * comma-separated line per event, sent as the `data` of one SSE event, never base64 (§6.3) and never
 * JSON-quoted.
 */
import { utf8Decode } from "../base64/index.ts";
import { PubSubItemParseError, RestFormatError } from "./errors.ts";

/** The confirmation kinds; their third field is the subscription count. */
export type PubSubSubscriptionKind = "subscribe" | "unsubscribe" | "psubscribe" | "punsubscribe";

/** Text of a channel, pattern or payload: a string, or bytes shown as UTF-8 (invalid → U+FFFD). */
export type PubSubText = string | Uint8Array;

/** A subscription confirmation, `subscribe,<channel>,<count>` and its variants. */
export interface PubSubSubscriptionItem {
  readonly kind: PubSubSubscriptionKind;
  /** The channel, or the pattern for `psubscribe`/`punsubscribe`. */
  readonly channel: string;
  /** Subscriptions on this connection; always 1 on the service's streams (§11.1). */
  readonly count: number;
}

/** A message on a channel subscription, `message,<channel>,<message>`. */
export interface PubSubMessageItem {
  readonly kind: "message";
  readonly channel: string;
  readonly message: string;
}

/** A message on a pattern subscription, `pmessage,<pattern>,<channel>,<message>`. */
export interface PubSubPatternMessageItem {
  readonly kind: "pmessage";
  readonly pattern: string;
  readonly channel: string;
  readonly message: string;
}

/** One pub/sub SSE item. */
export type PubSubItem = PubSubSubscriptionItem | PubSubMessageItem | PubSubPatternMessageItem;

/** Options of {@link parsePubSubItem}. */
export interface ParsePubSubItemOptions {
  /**
   * The channel (subscribe stream) or pattern (psubscribe stream) this stream was opened for. Each
   * stream carries exactly one name (§2.4), so knowing it lets a name that contains commas be
   * split off exactly, where the SDK's comma split corrupts it (§11.1).
   */
  readonly subscription?: string;
}

const SUBSCRIPTION_KINDS: ReadonlySet<string> = new Set<PubSubSubscriptionKind>([
  "subscribe",
  "unsubscribe",
  "psubscribe",
  "punsubscribe",
]);

function isSubscriptionKind(kind: string): kind is PubSubSubscriptionKind {
  return SUBSCRIPTION_KINDS.has(kind);
}

function assertNever(value: never): never {
  throw new TypeError(`Unexpected pub/sub item: ${JSON.stringify(value)}`);
}
const DIGITS_ONLY = /^[0-9]+$/;

const asText = (text: PubSubText): string => (typeof text === "string" ? text : utf8Decode(text));

/**
 * Formats a subscription confirmation: `subscribe,<channel>,<count>`, or the `unsubscribe`,
 * `psubscribe` (channel = pattern) and `punsubscribe` forms. The first item of a stream is
 * `subscribe,<channel>,1` or `psubscribe,<pattern>,1` (§11.1).
 *
 * @throws {RestFormatError} if `count` is not a non-negative integer.
 */
export function formatSubscribeItem(item: {
  readonly kind: PubSubSubscriptionKind;
  readonly channel: PubSubText;
  readonly count: number;
}): string {
  if (!Number.isSafeInteger(item.count) || item.count < 0) {
    throw new RestFormatError(
      `Subscription count must be a non-negative integer, got ${item.count}`,
    );
  }
  return `${item.kind},${asText(item.channel)},${item.count}`;
}

/** Formats a channel message, `message,<channel>,<message>`; the payload goes in as is (§11.1). */
export function formatMessageItem(item: {
  readonly channel: PubSubText;
  readonly message: PubSubText;
}): string {
  return `message,${asText(item.channel)},${asText(item.message)}`;
}

/** Formats a pattern message, `pmessage,<pattern>,<channel>,<message>` (§11.1). */
export function formatPMessageItem(item: {
  readonly pattern: PubSubText;
  readonly channel: PubSubText;
  readonly message: PubSubText;
}): string {
  return `pmessage,${asText(item.pattern)},${asText(item.channel)},${asText(item.message)}`;
}

/** Formats any {@link PubSubItem} with the matching formatter. */
export function formatPubSubItem(item: PubSubItem): string {
  switch (item.kind) {
    case "message":
      return formatMessageItem(item);
    case "pmessage":
      return formatPMessageItem(item);
    case "subscribe":
    case "unsubscribe":
    case "psubscribe":
    case "punsubscribe":
      return formatSubscribeItem(item);
    default:
      return assertNever(item);
  }
}

/**
 * Splits the next comma-terminated field off `line` at `start`: the known `subscription` name when
 * the line continues with it and a comma, otherwise everything up to the next comma (the SDK's
 * rule). Returns the field and the index after its comma, or undefined without a comma.
 */
function takeField(
  line: string,
  start: number,
  subscription: string | undefined,
): readonly [string, number] | undefined {
  if (
    subscription !== undefined &&
    line.startsWith(subscription, start) &&
    line.charCodeAt(start + subscription.length) === 0x2c
  ) {
    return [subscription, start + subscription.length + 1];
  }
  const comma = line.indexOf(",", start);
  return comma < 0 ? undefined : [line.slice(start, comma), comma + 1];
}

/**
 * Parses the `data` of one pub/sub SSE event the way the SDK does (§11.1): the kind is the text
 * before the first comma, then the fields are split at the next commas, one more for `pmessage`,
 * and the payload is the rest, commas and all. A name containing a comma makes that split wrong
 * (channel `chan,1` with payload `hello, world` reads as channel `chan`, payload `1,hello, world`);
 * pass {@link ParsePubSubItemOptions.subscription} to split such names exactly. A `pmessage`
 * channel containing a comma remains ambiguous and is split at its first comma.
 *
 * @returns the item, or `undefined` for what the SDK drops: a line with fewer than two commas
 * (three for `pmessage`), or an unknown kind.
 * @throws {PubSubItemParseError} if a subscription item's count is not a decimal integer (the SDK's
 * `parseInt` would silently read `1,1` as 1).
 */
export function parsePubSubItem(
  line: string,
  options: ParsePubSubItemOptions = {},
): PubSubItem | undefined {
  const firstComma = line.indexOf(",");
  if (firstComma < 0) {
    return undefined;
  }
  const kind = line.slice(0, firstComma);
  const first = takeField(line, firstComma + 1, options.subscription);
  if (first === undefined) {
    return undefined;
  }
  const [name, afterName] = first;
  const rest = line.slice(afterName);
  if (kind === "message") {
    return { kind, channel: name, message: rest };
  }
  if (kind === "pmessage") {
    const second = takeField(line, afterName, undefined);
    if (second === undefined) {
      return undefined;
    }
    return { kind, pattern: name, channel: second[0], message: line.slice(second[1]) };
  }
  if (!isSubscriptionKind(kind)) {
    return undefined;
  }
  const count = Number(rest);
  if (!(DIGITS_ONLY.test(rest) && Number.isSafeInteger(count))) {
    const quotedCount = JSON.stringify(rest.slice(0, 40));
    const quotedLine = JSON.stringify(line.slice(0, 200));
    throw new PubSubItemParseError(
      `Invalid ${kind} count ${quotedCount} in pub/sub item ${quotedLine}`,
    );
  }
  return { kind, channel: name, count };
}

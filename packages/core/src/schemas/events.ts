/**
 * The emulator's event model, shared by the emulator (which emits events on its bus and streams
 * them as SSE `data:` JSON) and the TUI (which reads them): a discriminated union on `type`, whose
 * values follow the dotted `area.verb` naming (STYLE.md §11).
 */
import { z } from "zod";

/** The kinds of resource the emulator serves and measures (STYLE.md §7.6). */
export const ResourceKindSchema = z.enum(["redis", "vector", "search", "queue"]);

/** A resource kind. */
export type ResourceKind = z.output<typeof ResourceKindSchema>;

/** When an event happened, Unix milliseconds from the emulator's clock. */
const timestampMsSchema = z.number().nonnegative();

/**
 * `command.executed`: a key-value command ran, through REST or RESP. This is what MONITOR shows,
 * structured: database, arguments, duration, caller and time.
 */
export const CommandExecutedEventSchema = z.object({
  /** The event type. */
  type: z.literal("command.executed"),
  /** The database number (`SELECT`); REST uses 0. */
  db: z.int().nonnegative(),
  /** The command name and arguments, decoded as UTF-8 (invalid bytes become U+FFFD). */
  argv: z.array(z.string()).min(1),
  /** How long the command ran, in milliseconds. */
  durationMs: z.number().nonnegative(),
  /** The caller's address, `host:port`; `0.0.0.0:0` for REST, as the service shows it. */
  address: z.string(),
  /** When the command ran, Unix milliseconds. */
  timestampMs: timestampMsSchema,
  /** The error reply, when the command failed; absent on success. */
  error: z.string().optional(),
});

/** A `command.executed` event. */
export type CommandExecutedEvent = z.output<typeof CommandExecutedEventSchema>;

/** `pubsub.message`: a message was published to a channel (Redis's pub/sub `message`). */
export const PubSubMessageEventSchema = z.object({
  /** The event type. */
  type: z.literal("pubsub.message"),
  /** The channel it was published to. */
  channel: z.string(),
  /** The payload, decoded as UTF-8. */
  message: z.string(),
  /** How many subscribers received it (PUBLISH's reply). */
  receivers: z.int().nonnegative(),
  /** When it was published, Unix milliseconds. */
  timestampMs: timestampMsSchema,
});

/** A `pubsub.message` event. */
export type PubSubMessageEvent = z.output<typeof PubSubMessageEventSchema>;

/**
 * `stats.refreshed`: new stats are available for a resource (a metrics bucket closed), so views of
 * its stats should fetch them again.
 */
export const StatsRefreshedEventSchema = z.object({
  /** The event type. */
  type: z.literal("stats.refreshed"),
  /** The resource whose stats changed. */
  resource: z.object({
    /** Its kind. */
    kind: ResourceKindSchema,
    /** Its id (database, index or queue id). */
    id: z.string(),
  }),
  /** When the stats were refreshed, Unix milliseconds. */
  timestampMs: timestampMsSchema,
});

/** A `stats.refreshed` event. */
export type StatsRefreshedEvent = z.output<typeof StatsRefreshedEventSchema>;

/** Any emulator event, told apart by `type`. */
export const EmulatorEventSchema = z.discriminatedUnion("type", [
  CommandExecutedEventSchema,
  PubSubMessageEventSchema,
  StatsRefreshedEventSchema,
]);

/** Any emulator event. */
export type EmulatorEvent = z.output<typeof EmulatorEventSchema>;

/** The `type` of an emulator event. */
export type EmulatorEventType = EmulatorEvent["type"];

/** Every emulator event type, in declaration order. */
export const EMULATOR_EVENT_TYPES = [
  "command.executed",
  "pubsub.message",
  "stats.refreshed",
] as const satisfies readonly EmulatorEventType[];

/**
 * The emulator's control endpoint: a reserved path prefix no product uses (no Redis command and
 * no vector index is named `_stratus`), authenticated with the management API's basic-auth
 * credentials. `POST {prefix}/reset[/{product}[/{resource}]]?to=empty|seed` resets state;
 * `{prefix}/faults` lists, adds (`POST`) and clears (`DELETE`) fault rules.
 */
import { z } from "zod";

/** The control endpoint's path prefix. */
export const CONTROL_PATH_PREFIX = "/_stratus";

/** What a reset leaves: nothing, or the `--seed` file's state. */
export const ResetTargetSchema = z.enum(["empty", "seed"]);

/** See {@link ResetTargetSchema}. */
export type ResetTarget = z.output<typeof ResetTargetSchema>;

/** The interfaces a fault rule can be scoped to (`any`: every one). */
export const FAULT_INTERFACES = [
  "any",
  "kv",
  "vector",
  "management",
  "queues",
  "search",
  "resp",
] as const;

/**
 * Ready-made errors for the service's real failures (kv-rest-wire.md §8, §14;
 * vector-rest-wire.md §1.3): `unauthorized` (401), `requests-limit` (429 `ERR max requests limit
 * exceeded`), `daily-limit` (400 `ERR max daily request limit exceeded`, the status the emulator's
 * own daily limit answers), `request-size` (413 `ERR max request size exceeded`), `internal`
 * (500), `unavailable` (503), `connection-reset` (the connection is closed with no answer) and
 * `redis-outage` (key-value only: what a proxy answers while its Redis is unreachable, 503
 * `ERR backend unavailable: Redis at …`).
 */
export const FAULT_PRESETS = [
  "unauthorized",
  "requests-limit",
  "daily-limit",
  "request-size",
  "internal",
  "unavailable",
  "connection-reset",
  "redis-outage",
] as const;

/** One fault rule: what it matches, what it does, and how often. */
export const FaultRuleSchema = z
  .strictObject({
    /** Given by the emulator when absent. */
    id: z.string().min(1).optional(),
    interface: z.enum(FAULT_INTERFACES).default("any"),
    /** A database or index name (the `{name}` of `/redis/{name}`, `/vector/{name}`). */
    resource: z.string().min(1).optional(),
    /** A key-value command (any in a pipeline matches; case-insensitive) or a vector operation. */
    command: z.string().min(1).optional(),
    /** A path prefix, e.g. `/v2/redis`. */
    route: z.string().startsWith("/").optional(),
    latencyMs: z.number().int().min(0).max(600_000).default(0),
    /** Up to this much more latency, uniformly random. */
    jitterMs: z.number().int().min(0).max(600_000).default(0),
    error: z
      .union([
        z.enum(FAULT_PRESETS),
        z.strictObject({ status: z.number().int().min(400).max(599), body: z.string() }),
      ])
      .optional(),
    /** Fires on this share of the matching requests. @default 1 */
    probability: z.number().min(0).max(1).optional(),
    /** Fires on every Nth matching request (the Nth, 2Nth…). */
    every: z.number().int().min(1).optional(),
    /** Ends server-sent event streams (subscribe, monitor) after this many events. */
    dropSseAfter: z.number().int().min(0).optional(),
    /** Stops firing after this many times. */
    times: z.number().int().min(1).optional(),
  })
  .refine(
    (rule) =>
      rule.latencyMs > 0 ||
      rule.jitterMs > 0 ||
      rule.error !== undefined ||
      rule.dropSseAfter !== undefined,
    "a fault rule needs latencyMs, jitterMs, error or dropSseAfter",
  );

/** A fault rule as sent (defaults not yet filled in). */
export type FaultRuleInput = z.input<typeof FaultRuleSchema>;
/** A fault rule. */
export type FaultRule = z.output<typeof FaultRuleSchema>;

/** A rule and how often it matched and fired. */
export const FaultRuleStateSchema = z.object({
  rule: FaultRuleSchema.and(z.object({ id: z.string() })),
  matched: z.number().int().min(0),
  injected: z.number().int().min(0),
});

/** See {@link FaultRuleStateSchema}. */
export type FaultRuleState = z.output<typeof FaultRuleStateSchema>;

/** `GET {prefix}/faults`: every rule with its counts. */
export const FaultListResponseSchema = z.object({ rules: FaultRuleStateSchema.array() });

/** `POST {prefix}/faults`: the rules added, with their ids. */
export const FaultAddResponseSchema = z.object({
  rules: FaultRuleSchema.and(z.object({ id: z.string() })).array(),
});

/** What reset and the removal of fault rules answer. */
export const ControlOkResponseSchema = z.object({ result: z.literal("OK") });

/**
 * CONFIG parameters (src/config.c): a table of names, defaults and validators. Only parameters whose
 * value the engine reads change behaviour; the rest are accepted and reported so clients that
 * probe them (CONFIG GET save, appendonly, …) see Redis's answers. Validation errors use Redis's
 * texts; `validateConfigSet` applies CONFIG SET's checks to all pairs before anything changes.
 */
import { asciiLower } from "./bytes.ts";
import { ReplyError } from "./errors.ts";
import { globMatch } from "./glob.ts";
import { parseIntegerArg } from "./numbers.ts";
import {
  DEFAULT_OUTPUT_BUFFER_LIMIT,
  memoryToBytes,
  mergeOutputBufferLimits,
  validateOutputBufferLimits,
} from "./output-buffer-limits.ts";

/** Normalises a value, or returns the reason it is invalid (after "CONFIG SET failed … - "). */
type Validator = (value: string) => { readonly value: string } | { readonly error: string };

interface Parameter {
  readonly name: string;
  readonly defaultValue: string;
  readonly validate: Validator;
  /** Set only at start-up (`can't set immutable config`). */
  readonly isImmutable?: boolean;
  /** Needs `enable-protected-configs` (`can't set protected config`), which the engine never grants. */
  readonly isProtected?: boolean;
  readonly aliases?: readonly string[];
  /** Combines a validated value with the current one (a value may set only part of it). */
  readonly merge?: (current: string, value: string) => string;
}

const INT_MAX = 2_147_483_647;
const LLONG_MAX = "9223372036854775807";

/** `createIntConfig`/`createLongLongConfig`: canonical integers within [min, max]. */
const integer =
  (min: number, max: number | typeof LLONG_MAX): Validator =>
  (text) => {
    const parsed = parseIntegerArg(text);
    if (parsed === undefined) {
      return { error: "argument couldn't be parsed into an integer" };
    }
    const upper = max === LLONG_MAX ? 2n ** 63n - 1n : BigInt(max);
    if (BigInt(parsed) < BigInt(min) || BigInt(parsed) > upper) {
      return { error: `argument must be between ${min} and ${max} inclusive` };
    }
    return { value: String(parsed) };
  };

/** An integer whose effective value is clamped (hz: 1..500, as `updateHZ` does). */
const clamped =
  (range: { min: number; max: number }, validate: Validator): Validator =>
  (text) => {
    const result = validate(text);
    return "value" in result
      ? { value: String(Math.min(range.max, Math.max(range.min, Number(result.value)))) }
      : result;
  };

/** `memtoull`: a non-negative count with an optional unit (1k, 1kb, 1m, 1gb, …), as bytes. */
const memory =
  (min = 0): Validator =>
  (text) => {
    const bytes = memoryToBytes(text);
    if (bytes === undefined) {
      return { error: "argument must be a memory value" };
    }
    if (bytes < min) {
      return { error: `argument must be between ${min} and ${LLONG_MAX} inclusive` };
    }
    return { value: String(bytes) };
  };

/** `createEnumConfig`: one of `values`, case-insensitive; the error lists them in Redis's order. */
const oneOf =
  (...values: string[]): Validator =>
  (text) => {
    const lowered = asciiLower(text);
    return values.includes(lowered)
      ? { value: lowered }
      : { error: `argument(s) must be one of the following: ${values.join(", ")}` };
  };

const yesNo: Validator = (text) => {
  const lowered = asciiLower(text);
  return lowered === "yes" || lowered === "no"
    ? { value: lowered }
    : { error: "argument must be 'yes' or 'no'" };
};

const anything: Validator = (value) => ({ value });

/** `save`: pairs of "<seconds> <changes>", or empty to disable snapshots. */
const savePoints: Validator = (text) => {
  const parts = text.split(" ").filter((part) => part !== "");
  const valid =
    parts.length % 2 === 0 && parts.every((part) => parseIntegerArg(part) !== undefined);
  return valid ? { value: parts.join(" ") } : { error: "Invalid save parameters" };
};

/** Redis's NOTIFY_ALL: every class letter except `m` (key miss) and `n` (new key). */
const NOTIFY_ALL = "g$lshzxetd";

/** The `notify-keyspace-events` letters (src/notify.c keyspaceEventsStringToFlags). */
const notifyFlags: Validator = (text) =>
  /^[KEg$lshzxetmdnA]*$/.test(text)
    ? { value: normaliseNotifyFlags(text) }
    : { error: "Invalid event class character. Use 'Ag$lshzxeKEtmdn'." };

/**
 * Keyspace-notification classes (src/server.h NOTIFY_*), by the letter `notify-keyspace-events`
 * uses for each.
 */
export type NotifyClass = "g" | "$" | "l" | "s" | "h" | "z" | "x" | "e" | "t" | "m" | "n" | "d";

/** The server configuration as commands and values read it. */
export interface ConfigApi {
  /** Parameters whose name matches the glob, as name → value. */
  get(pattern: string): Map<string, string>;
  /** Sets a parameter; throws ReplyError with Redis's text when the name or value is invalid. */
  set(name: string, value: string): void;
  /** The current value of a known parameter. */
  value(name: string): string;
  /**
   * What `derive` makes of the configuration, kept until the next change: commands that read a
   * parameter on every call (a list's fill, a hash's listpack limits) derive it once per change.
   */
  derived<T>(derive: (config: ConfigApi) => T): T;
}

/**
 * Writes the flags back as `keyspaceEventsFlagsToString` does: `A` for the whole NOTIFY_ALL set,
 * else the class letters, then `K`, `E` and `m`. (Redis drops `n` when printing `A`; so do we.)
 */
export function normaliseNotifyFlags(value: string): string {
  const chosen = new Set(value.replace("A", NOTIFY_ALL));
  let text = [...NOTIFY_ALL].every((flag) => chosen.has(flag))
    ? "A"
    : [...`${NOTIFY_ALL}n`].filter((flag) => chosen.has(flag)).join("");
  for (const flag of "KEm") {
    if (chosen.has(flag)) {
      text += flag;
    }
  }
  return text;
}

const PARAMETERS: readonly Parameter[] = [
  { name: "notify-keyspace-events", defaultValue: "", validate: notifyFlags },
  { name: "databases", defaultValue: "16", validate: integer(1, INT_MAX), isImmutable: true },
  { name: "maxmemory", defaultValue: "0", validate: memory() },
  {
    name: "maxmemory-policy",
    defaultValue: "noeviction",
    validate: oneOf(
      "volatile-lru",
      "volatile-lfu",
      "volatile-random",
      "volatile-ttl",
      "allkeys-lru",
      "allkeys-lfu",
      "allkeys-random",
      "noeviction",
    ),
  },
  { name: "maxmemory-samples", defaultValue: "5", validate: integer(1, 64) },
  { name: "maxmemory-eviction-tenacity", defaultValue: "10", validate: integer(0, 100) },
  { name: "maxmemory-clients", defaultValue: "0", validate: memory() },
  { name: "lfu-log-factor", defaultValue: "10", validate: integer(0, INT_MAX) },
  { name: "lfu-decay-time", defaultValue: "1", validate: integer(0, INT_MAX) },
  { name: "proto-max-bulk-len", defaultValue: "536870912", validate: memory(1_048_576) },
  { name: "client-query-buffer-limit", defaultValue: "1073741824", validate: memory(1_048_576) },
  {
    name: "client-output-buffer-limit",
    defaultValue: DEFAULT_OUTPUT_BUFFER_LIMIT,
    validate: validateOutputBufferLimits,
    // CONFIG SET names some classes; the others keep their limits.
    merge: mergeOutputBufferLimits,
  },
  {
    name: "hash-max-listpack-entries",
    defaultValue: "512",
    validate: integer(0, LLONG_MAX),
    aliases: ["hash-max-ziplist-entries"],
  },
  {
    name: "hash-max-listpack-value",
    defaultValue: "64",
    validate: integer(0, LLONG_MAX),
    aliases: ["hash-max-ziplist-value"],
  },
  {
    name: "list-max-listpack-size",
    defaultValue: "-2",
    validate: integer(-INT_MAX - 1, INT_MAX),
    aliases: ["list-max-ziplist-size"],
  },
  { name: "list-compress-depth", defaultValue: "0", validate: integer(0, INT_MAX) },
  { name: "set-max-intset-entries", defaultValue: "512", validate: integer(0, LLONG_MAX) },
  { name: "set-max-listpack-entries", defaultValue: "128", validate: integer(0, LLONG_MAX) },
  { name: "set-max-listpack-value", defaultValue: "64", validate: integer(0, LLONG_MAX) },
  {
    name: "zset-max-listpack-entries",
    defaultValue: "128",
    validate: integer(0, LLONG_MAX),
    aliases: ["zset-max-ziplist-entries"],
  },
  {
    name: "zset-max-listpack-value",
    defaultValue: "64",
    validate: integer(0, LLONG_MAX),
    aliases: ["zset-max-ziplist-value"],
  },
  { name: "hll-sparse-max-bytes", defaultValue: "3000", validate: memory() },
  { name: "stream-node-max-bytes", defaultValue: "4096", validate: memory() },
  { name: "stream-node-max-entries", defaultValue: "100", validate: integer(0, LLONG_MAX) },
  {
    name: "busy-reply-threshold",
    defaultValue: "5000",
    validate: integer(0, LLONG_MAX),
    aliases: ["lua-time-limit"],
  },
  { name: "appendonly", defaultValue: "no", validate: yesNo },
  { name: "appendfsync", defaultValue: "everysec", validate: oneOf("everysec", "always", "no") },
  { name: "appendfilename", defaultValue: "appendonly.aof", validate: anything, isImmutable: true },
  { name: "save", defaultValue: "", validate: savePoints },
  { name: "rdbcompression", defaultValue: "yes", validate: yesNo },
  { name: "rdbchecksum", defaultValue: "yes", validate: yesNo },
  { name: "dir", defaultValue: "", validate: anything, isProtected: true },
  { name: "dbfilename", defaultValue: "dump.rdb", validate: anything, isProtected: true },
  { name: "bind", defaultValue: "127.0.0.1", validate: anything, isImmutable: true },
  { name: "port", defaultValue: "6399", validate: integer(0, 65535), isImmutable: true },
  { name: "tcp-backlog", defaultValue: "511", validate: integer(0, INT_MAX), isImmutable: true },
  { name: "timeout", defaultValue: "0", validate: integer(0, INT_MAX) },
  { name: "tcp-keepalive", defaultValue: "300", validate: integer(0, INT_MAX) },
  { name: "protected-mode", defaultValue: "yes", validate: yesNo },
  { name: "maxclients", defaultValue: "10000", validate: integer(1, 4_294_967_295) },
  { name: "daemonize", defaultValue: "no", validate: yesNo, isImmutable: true },
  { name: "io-threads", defaultValue: "1", validate: integer(1, 128), isImmutable: true },
  { name: "cluster-enabled", defaultValue: "no", validate: yesNo, isImmutable: true },
  { name: "enable-debug-command", defaultValue: "yes", validate: anything, isImmutable: true },
  { name: "enable-module-command", defaultValue: "no", validate: anything, isImmutable: true },
  {
    name: "loglevel",
    defaultValue: "notice",
    validate: oneOf("debug", "verbose", "notice", "warning", "nothing"),
  },
  { name: "logfile", defaultValue: "", validate: anything, isImmutable: true },
  { name: "slowlog-log-slower-than", defaultValue: "10000", validate: integer(-1, LLONG_MAX) },
  { name: "slowlog-max-len", defaultValue: "128", validate: integer(0, LLONG_MAX) },
  { name: "latency-monitor-threshold", defaultValue: "0", validate: integer(0, LLONG_MAX) },
  { name: "latency-tracking", defaultValue: "yes", validate: yesNo },
  { name: "lazyfree-lazy-eviction", defaultValue: "no", validate: yesNo },
  { name: "lazyfree-lazy-expire", defaultValue: "no", validate: yesNo },
  { name: "lazyfree-lazy-server-del", defaultValue: "no", validate: yesNo },
  { name: "lazyfree-lazy-user-del", defaultValue: "no", validate: yesNo },
  { name: "lazyfree-lazy-user-flush", defaultValue: "no", validate: yesNo },
  { name: "activedefrag", defaultValue: "no", validate: yesNo },
  { name: "active-expire-effort", defaultValue: "1", validate: integer(1, 10) },
  {
    name: "hz",
    defaultValue: "10",
    validate: clamped({ min: 1, max: 500 }, integer(0, INT_MAX)),
  },
  { name: "dynamic-hz", defaultValue: "yes", validate: yesNo },
  {
    name: "replica-read-only",
    defaultValue: "yes",
    validate: yesNo,
    aliases: ["slave-read-only"],
  },
];

const BY_NAME = new Map<string, Parameter>();
for (const parameter of PARAMETERS) {
  BY_NAME.set(parameter.name, parameter);
  for (const alias of parameter.aliases ?? []) {
    BY_NAME.set(alias, parameter);
  }
}

/** `CONFIG SET failed (possibly related to argument '<name>') - <reason>`. */
function setFailed(name: string, reason: string): ReplyError {
  return new ReplyError(
    `ERR CONFIG SET failed (possibly related to argument '${name}') - ${reason}`,
  );
}

function unknownOption(name: string): ReplyError {
  return new ReplyError(`ERR Unknown option or number of arguments for CONFIG SET - '${name}'`);
}

/**
 * CONFIG SET's checks over every pair, before anything changes (`configSetCommand`): an unknown name
 * anywhere wins, then immutable/protected parameters and duplicates (aliases included), then each
 * value in order. Returns the pairs with canonical names and normalised values.
 */
export function validateConfigSet(
  pairs: readonly (readonly [string, string])[],
): [string, string][] {
  const unknown = pairs.find(([name]) => !BY_NAME.has(asciiLower(name)));
  if (unknown !== undefined) {
    throw unknownOption(unknown[0]);
  }
  const seen = new Set<Parameter>();
  for (const [name] of pairs) {
    const parameter = BY_NAME.get(asciiLower(name)) as Parameter;
    if (parameter.isImmutable === true) {
      throw setFailed(name, "can't set immutable config");
    }
    if (parameter.isProtected === true) {
      throw setFailed(name, "can't set protected config");
    }
    if (seen.has(parameter)) {
      throw setFailed(name, "duplicate parameter");
    }
    seen.add(parameter);
  }
  return pairs.map(([name, value]) => {
    const parameter = BY_NAME.get(asciiLower(name)) as Parameter;
    const result = parameter.validate(value);
    if ("error" in result) {
      throw setFailed(name, result.error);
    }
    return [parameter.name, result.value];
  });
}

export class Config implements ConfigApi {
  readonly #values = new Map<string, string>();
  /** Grows with every change, so readers may cache what they derive from values. */
  revision = 0;
  /** `derived`'s results, keyed by the deriving function; emptied by every change. */
  readonly #derived = new Map<(config: ConfigApi) => unknown, unknown>();

  constructor(overrides: Readonly<Record<string, string>> = {}) {
    for (const parameter of PARAMETERS) {
      this.#values.set(parameter.name, parameter.defaultValue);
    }
    for (const [name, value] of Object.entries(overrides)) {
      const parameter = BY_NAME.get(name);
      const result = parameter?.validate(value);
      if (parameter === undefined || result === undefined || "error" in result) {
        throw new Error(`invalid engine configuration ${name}=${value}`);
      }
      this.#store(parameter, result.value);
    }
  }

  #store(parameter: Parameter, value: string): void {
    this.revision++;
    this.#derived.clear();
    const current = this.#values.get(parameter.name) ?? parameter.defaultValue;
    this.#values.set(parameter.name, parameter.merge?.(current, value) ?? value);
  }

  /** Every name (aliases included) matching the glob, case-insensitively, in table order. */
  get(pattern: string): Map<string, string> {
    const result = new Map<string, string>();
    const lowered = asciiLower(pattern);
    for (const [name, parameter] of BY_NAME) {
      if (globMatch(lowered, name, true)) {
        result.set(name, this.#values.get(parameter.name) ?? "");
      }
    }
    return result;
  }

  /** Sets one parameter with CONFIG SET's checks and errors. */
  set(name: string, value: string): void {
    for (const [canonical, normalised] of validateConfigSet([[name, value]])) {
      this.#store(BY_NAME.get(canonical) as Parameter, normalised);
    }
  }

  value(name: string): string {
    return this.#values.get(BY_NAME.get(name)?.name ?? name) ?? "";
  }

  /** A numeric parameter's value. */
  number(name: string): number {
    return Number(this.value(name));
  }

  derived<T>(derive: (config: ConfigApi) => T): T {
    // One lookup: a derived value is never undefined (one that were would be derived each time).
    const cached = this.#derived.get(derive);
    if (cached !== undefined) {
      // Stored by this very function, so of its type.
      return cached as T;
    }
    const value = derive(this);
    this.#derived.set(derive, value);
    return value;
  }
}

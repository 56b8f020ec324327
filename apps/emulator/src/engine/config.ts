/**
 * CONFIG parameters (src/config.c): a table of names, defaults and validators. Only parameters whose
 * value the engine reads change behaviour; the rest are accepted and reported so clients that
 * probe them (CONFIG GET save, appendonly, …) see Redis's answers.
 */
import type { ConfigApi } from "./commands/context.ts";
import { ReplyError } from "./commands/errors.ts";
import { parseIntegerArg } from "./commands/numbers.ts";
import { globMatch } from "./glob.ts";

type Validator = (value: string) => string | undefined;

interface Parameter {
  readonly name: string;
  readonly defaultValue: string;
  /** Returns the normalised value, or undefined when invalid. */
  readonly validate: Validator;
  readonly isImmutable?: boolean;
  readonly aliases?: readonly string[];
}

const integer =
  (min: number, max: number): Validator =>
  (value) => {
    const parsed = parseIntegerArg(value);
    return typeof parsed === "number" && parsed >= min && parsed <= max
      ? String(parsed)
      : undefined;
  };

/** Memory sizes accept Redis's unit suffixes (1k, 1kb, 1m, 1gb, …). */
const memory: Validator = (value) => {
  const match = /^(\d+)(k|kb|m|mb|g|gb)?$/i.exec(value);
  if (match === null) {
    return undefined;
  }
  const units: Record<string, number> = {
    k: 1e3,
    kb: 1024,
    m: 1e6,
    mb: 1024 ** 2,
    g: 1e9,
    gb: 1024 ** 3,
  };
  const unit = match[2]?.toLowerCase();
  return String(Number(match[1]) * (unit === undefined ? 1 : (units[unit] ?? 1)));
};

const oneOf =
  (...values: string[]): Validator =>
  (value) =>
    values.includes(value.toLowerCase()) ? value.toLowerCase() : undefined;

const yesNo = oneOf("yes", "no");
const anything: Validator = (value) => value;

/** The `notify-keyspace-events` letters (src/notify.c keyspaceEventsStringToFlags). */
const notifyFlags: Validator = (value) =>
  /^[KEg$lshzxetmdnA]*$/.test(value) ? normaliseNotifyFlags(value) : undefined;

/** Writes the flags back as Redis's keyspaceEventsFlagsToString does: `A` for the whole set. */
export function normaliseNotifyFlags(value: string): string {
  const all = "g$lshzxet";
  const chosen = new Set(value.replace("A", all));
  let text = [...all].every((flag) => chosen.has(flag))
    ? "A"
    : [...all].filter((flag) => chosen.has(flag)).join("");
  for (const flag of "mnd") {
    if (chosen.has(flag)) {
      text += flag;
    }
  }
  if (chosen.has("K")) {
    text += "K";
  }
  if (chosen.has("E")) {
    text += "E";
  }
  return text;
}

const PARAMETERS: readonly Parameter[] = [
  { name: "notify-keyspace-events", defaultValue: "", validate: notifyFlags },
  { name: "databases", defaultValue: "16", validate: integer(1, 16), isImmutable: true },
  { name: "maxmemory", defaultValue: "0", validate: memory },
  {
    name: "maxmemory-policy",
    defaultValue: "noeviction",
    validate: oneOf(
      "noeviction",
      "allkeys-lru",
      "volatile-lru",
      "allkeys-lfu",
      "volatile-lfu",
      "allkeys-random",
      "volatile-random",
      "volatile-ttl",
    ),
  },
  { name: "proto-max-bulk-len", defaultValue: "536870912", validate: memory },
  {
    name: "hash-max-listpack-entries",
    defaultValue: "128",
    validate: integer(0, 2 ** 31),
    aliases: ["hash-max-ziplist-entries"],
  },
  {
    name: "hash-max-listpack-value",
    defaultValue: "64",
    validate: integer(0, 2 ** 31),
    aliases: ["hash-max-ziplist-value"],
  },
  {
    name: "list-max-listpack-size",
    defaultValue: "-2",
    validate: integer(-5, 2 ** 31),
    aliases: ["list-max-ziplist-size"],
  },
  { name: "list-compress-depth", defaultValue: "0", validate: integer(0, 2 ** 31) },
  { name: "set-max-intset-entries", defaultValue: "512", validate: integer(0, 2 ** 31) },
  { name: "set-max-listpack-entries", defaultValue: "128", validate: integer(0, 2 ** 31) },
  { name: "set-max-listpack-value", defaultValue: "64", validate: integer(0, 2 ** 31) },
  {
    name: "zset-max-listpack-entries",
    defaultValue: "128",
    validate: integer(0, 2 ** 31),
    aliases: ["zset-max-ziplist-entries"],
  },
  {
    name: "zset-max-listpack-value",
    defaultValue: "64",
    validate: integer(0, 2 ** 31),
    aliases: ["zset-max-ziplist-value"],
  },
  { name: "hll-sparse-max-bytes", defaultValue: "3000", validate: memory },
  { name: "stream-node-max-bytes", defaultValue: "4096", validate: memory },
  { name: "stream-node-max-entries", defaultValue: "100", validate: integer(0, 2 ** 31) },
  {
    name: "lua-time-limit",
    defaultValue: "5000",
    validate: integer(0, 2 ** 53),
    aliases: ["busy-reply-threshold"],
  },
  { name: "appendonly", defaultValue: "no", validate: yesNo },
  { name: "appendfsync", defaultValue: "everysec", validate: oneOf("always", "everysec", "no") },
  { name: "save", defaultValue: "", validate: anything },
  { name: "dir", defaultValue: "", validate: anything, isImmutable: true },
  { name: "dbfilename", defaultValue: "dump.rdb", validate: anything },
  { name: "bind", defaultValue: "127.0.0.1", validate: anything, isImmutable: true },
  { name: "port", defaultValue: "6399", validate: integer(0, 65535), isImmutable: true },
  { name: "timeout", defaultValue: "0", validate: integer(0, 2 ** 31) },
  { name: "tcp-keepalive", defaultValue: "300", validate: integer(0, 2 ** 31) },
  { name: "maxclients", defaultValue: "10000", validate: integer(1, 2 ** 31) },
  { name: "slowlog-log-slower-than", defaultValue: "10000", validate: integer(-1, 2 ** 53) },
  { name: "slowlog-max-len", defaultValue: "128", validate: integer(0, 2 ** 31) },
  { name: "lazyfree-lazy-user-del", defaultValue: "no", validate: yesNo },
  { name: "lazyfree-lazy-user-flush", defaultValue: "no", validate: yesNo },
  { name: "active-expire-effort", defaultValue: "1", validate: integer(1, 10) },
  { name: "hz", defaultValue: "10", validate: integer(1, 500) },
];

const BY_NAME = new Map<string, Parameter>();
for (const parameter of PARAMETERS) {
  BY_NAME.set(parameter.name, parameter);
  for (const alias of parameter.aliases ?? []) {
    BY_NAME.set(alias, parameter);
  }
}

export class Config implements ConfigApi {
  readonly #values = new Map<string, string>();

  constructor(overrides: Readonly<Record<string, string>> = {}) {
    for (const parameter of PARAMETERS) {
      this.#values.set(parameter.name, parameter.defaultValue);
    }
    for (const [name, value] of Object.entries(overrides)) {
      const parameter = BY_NAME.get(name);
      const normalised = parameter?.validate(value);
      if (parameter === undefined || normalised === undefined) {
        throw new Error(`invalid engine configuration ${name}=${value}`);
      }
      this.#values.set(parameter.name, normalised);
    }
  }

  get(pattern: string): Map<string, string> {
    const result = new Map<string, string>();
    const lowered = pattern.toLowerCase();
    for (const [name, parameter] of BY_NAME) {
      if (globMatch(lowered, name, true)) {
        result.set(name, this.#values.get(parameter.name) ?? "");
      }
    }
    return result;
  }

  set(name: string, value: string): void {
    const parameter = BY_NAME.get(name.toLowerCase());
    if (parameter === undefined) {
      throw new ReplyError(`ERR Unknown option or number of arguments for CONFIG SET - '${name}'`);
    }
    if (parameter.isImmutable === true) {
      throw new ReplyError(
        `ERR CONFIG SET failed (possibly related to argument '${name}') - can't set immutable config`,
      );
    }
    const normalised = parameter.validate(value);
    if (normalised === undefined) {
      throw new ReplyError(
        `ERR CONFIG SET failed (possibly related to argument '${name}') - argument couldn't be parsed into an integer`,
      );
    }
    this.#values.set(parameter.name, normalised);
  }

  value(name: string): string {
    return this.#values.get(BY_NAME.get(name)?.name ?? name) ?? "";
  }

  /** A numeric parameter's value. */
  number(name: string): number {
    return Number(this.value(name));
  }
}

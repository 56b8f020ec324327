import type { Resp3Shape } from "@stratus/core/resp3";
import type { Args } from "./args.ts";
import type { CommandContext, CommandResult } from "./context.ts";

/** Redis's command groups (the `group` field of the command JSON files). */
export type CommandGroup =
  | "bitmap"
  | "cluster"
  | "connection"
  | "generic"
  | "geo"
  | "hash"
  | "hyperloglog"
  | "json"
  | "list"
  | "pubsub"
  | "scripting"
  | "search"
  | "server"
  | "set"
  | "sorted-set"
  | "stream"
  | "string"
  | "transactions";

/** Command flags as COMMAND INFO lists them. */
export type CommandFlag =
  | "admin"
  | "allow_busy"
  | "asking"
  | "blocking"
  | "denyoom"
  | "fast"
  | "loading"
  | "may_replicate"
  | "no_async_loading"
  | "no_auth"
  | "no_mandatory_keys"
  | "no_multi"
  | "noscript"
  | "pubsub"
  | "readonly"
  | "skip_monitor"
  | "skip_slowlog"
  | "stale"
  | "write";

/**
 * Emulator-only traits (STYLE.md §0.3): how the service's surfaces treat a command, beside Redis's
 * own flags. Kept apart from `flags`, so COMMAND INFO and COMMAND DOCS show Redis's flags only.
 */
export type CommandTrait =
  /** REST serves it although its group is refused (PING and ECHO among the connection commands). */
  | "rest-served"
  /** Blocks only with a BLOCK option (XREAD, XREADGROUP): REST refuses it then (kv-rest-wire.md §13.1). */
  | "optionally-blocking"
  /** A read-only token may run it although it is not a `readonly` command (kv-rest-wire.md §4). */
  | "read-only-token-allowed"
  /** A read-only token may not run it although it reads (SCAN, KEYS, scripts: kv-rest-wire.md §4). */
  | "read-only-token-denied"
  /** SUBSCRIBE and its kin: their confirmations carry the connection's subscription count. */
  | "subscription"
  /** May run in RESP2 subscribed mode besides the subscription commands (src/server.c processCommand). */
  | "allowed-when-subscribed";

/**
 * Why REST refuses a command: the reason its error gives (kv-rest-wire.md §12, §13.1). `stream`
 * commands need a connection of their own: REST has `/subscribe`, `/psubscribe` and `/monitor`.
 */
export type RestRefusal = "connection" | "transaction" | "stream" | "cluster" | "blocking";

/**
 * ACL categories in Redis's bit order (src/acl.c ACLCommandCategories), which is the order
 * COMMAND INFO prints them in.
 */
export const ACL_CATEGORIES = [
  "keyspace",
  "read",
  "write",
  "set",
  "sortedset",
  "list",
  "hash",
  "string",
  "bitmap",
  "hyperloglog",
  "geo",
  "stream",
  "pubsub",
  "admin",
  "fast",
  "slow",
  "blocking",
  "dangerous",
  "connection",
  "transaction",
  "scripting",
] as const;

export type AclCategory = (typeof ACL_CATEGORIES)[number];

/** Where the keys are: Redis's legacy (first, last, step) triple; `last` -1 means the last argument. */
export interface KeyRange {
  readonly first: number;
  readonly last: number;
  readonly step: number;
}

/**
 * A key spec's flags (src/server.h CMD_KEY_*): the access (`RO`, `RW`, `OW` overwrite, `RM`
 * remove), what is done to the key's data (`access`, `update`, `insert`, `delete`) and the
 * spec's own traits (`not_key`, `incomplete`, `variable_flags`).
 */
export type KeySpecFlag =
  | "RO"
  | "RW"
  | "OW"
  | "RM"
  | "access"
  | "update"
  | "insert"
  | "delete"
  | "not_key"
  | "incomplete"
  | "variable_flags";

/**
 * One of Redis 7's key specs (src/commands/*.json `key_specs`), as COMMAND INFO prints it: where
 * the search for keys starts (an argument index, or after a keyword searched from `startFrom`,
 * negative from the end) and how the keys are found from there (a range, or a count argument),
 * or `unknown` for keys that cannot be told from the arguments (SORT's BY and GET patterns).
 */
export interface KeySpec {
  readonly notes?: string;
  readonly flags: readonly KeySpecFlag[];
  readonly beginSearch:
    | { readonly index: number }
    | { readonly keyword: string; readonly startFrom: number }
    | "unknown";
  readonly findKeys:
    | { readonly lastKey: number; readonly keyStep: number; readonly limit: number }
    | { readonly keyNumIndex: number; readonly firstKey: number; readonly keyStep: number }
    | "unknown";
}

/** A key a command line names, with its access flags (COMMAND GETKEYSANDFLAGS). */
export interface KeyReference {
  readonly position: number;
  readonly flags: readonly KeySpecFlag[];
}

export interface CommandSpec<TParsed> {
  /** Upper case; a subcommand is `CONTAINER|SUB`, e.g. `CONFIG|GET`. */
  readonly name: string;
  readonly group: CommandGroup;
  /** Redis arity: N means exactly N arguments including the name; -N means at least N. */
  readonly arity: number;
  readonly flags: readonly CommandFlag[];
  /**
   * The categories Redis's JSON file lists explicitly; `write`, `read`, `admin`, `dangerous`,
   * `pubsub`, `fast`, `slow` and `blocking` are derived from the flags, as Redis does.
   */
  readonly categories?: readonly AclCategory[];
  readonly keys?: KeyRange;
  /** Emulator-only traits; never shown by COMMAND. */
  readonly traits?: readonly CommandTrait[];
  /**
   * Why REST refuses it, where the defaults do not say (see {@link restRefusalOf}): connection
   * commands and `blocking` ones are refused without it.
   */
  readonly restRefusal?: RestRefusal;
  /** Key positions of commands whose keys move (EVAL's numkeys, ZUNION's numkeys, …). */
  readonly movableKeys?: (argv: readonly string[]) => number[];
  /** Redis's key specs (COMMAND INFO, COMMAND GETKEYSANDFLAGS); without them, one derived from `keys`. */
  readonly keySpecs?: readonly KeySpec[];
  /**
   * The keys with their flags where the key specs cannot tell them (Redis's `getkeys_proc` that
   * sets flags: SET, BITFIELD, SORT, MIGRATE); other movable-key commands' keys get no flags.
   */
  readonly keysWithFlags?: (argv: readonly string[]) => KeyReference[];
  /**
   * How the reply changes under RESP3, where it does (`resp3Reshaper` in `@stratus/core/resp3`): the
   * engine answers in RESP2 terms, and the RESP listener, or a script after `redis.setresp(3)`,
   * reshapes the reply.
   */
  readonly resp3?: Resp3Shape;
  /** The Redis version that introduced it, e.g. "6.2.0". */
  readonly since: string;
  readonly summary: string;
  readonly complexity?: string;
  /** Reads the arguments after the name; throws `ReplyError` on bad input. */
  readonly parse: (args: Args) => TParsed;
  readonly run: (ctx: CommandContext, parsed: TParsed) => CommandResult;
}

/** A registered command: its spec with the parsed type erased, plus derived metadata. */
export interface Command {
  readonly name: string;
  /** Lower-case full name as Redis prints it in errors and COMMAND (`config|get`). */
  readonly fullName: string;
  readonly group: CommandGroup;
  readonly arity: number;
  readonly flags: ReadonlySet<CommandFlag>;
  readonly aclCategories: readonly AclCategory[];
  readonly traits: ReadonlySet<CommandTrait>;
  /** Why REST refuses it, or undefined when REST serves it (`optionally-blocking` ones may be refused). */
  readonly restRefusal: RestRefusal | undefined;
  /** Whether a read-only token (or the `default_ro` user) may run it (kv-rest-wire.md §4). */
  readonly isReadOnlyTokenAllowed: boolean;
  readonly keys: KeyRange | undefined;
  readonly movableKeys: ((argv: readonly string[]) => number[]) | undefined;
  readonly keySpecs: readonly KeySpec[] | undefined;
  readonly keysWithFlags: ((argv: readonly string[]) => KeyReference[]) | undefined;
  /** How the reply changes under RESP3; undefined: as in RESP2 (nulls aside). */
  readonly resp3: Resp3Shape | undefined;
  readonly since: string;
  readonly summary: string;
  readonly complexity: string | undefined;
  /** Parses then runs; the dispatcher has checked the name and arity. */
  readonly execute: (ctx: CommandContext, args: Args) => CommandResult;
  /** Set on containers (CONFIG, OBJECT, …): their subcommands by upper-case name. */
  readonly subcommands?: ReadonlyMap<string, Command>;
}

/** Defines a command; the only way command files create one. */
export function defineCommand<TParsed>(spec: CommandSpec<TParsed>): Command {
  const aclCategories = implicitCategories(spec);
  const traits = new Set(spec.traits);
  return {
    name: spec.name,
    fullName: spec.name.toLowerCase(),
    group: spec.group,
    arity: spec.arity,
    flags: new Set(spec.flags),
    aclCategories,
    traits,
    restRefusal: restRefusalOf({ ...spec, traits }),
    isReadOnlyTokenAllowed: mayReadOnlyTokenRun({ flags: spec.flags, aclCategories, traits }),
    keys: spec.keys,
    movableKeys: spec.movableKeys,
    keySpecs: spec.keySpecs,
    keysWithFlags: spec.keysWithFlags,
    resp3: spec.resp3,
    since: spec.since,
    summary: spec.summary,
    complexity: spec.complexity,
    execute: (ctx, args) => {
      const parsed = spec.parse(args);
      args.end();
      return spec.run(ctx, parsed);
    },
  };
}

export interface ContainerSpec {
  readonly name: string;
  readonly group: CommandGroup;
  readonly since: string;
  readonly summary: string;
  /** Why REST refuses the container and its unknown subcommands, where the defaults do not say. */
  readonly restRefusal?: RestRefusal;
  /** Every `NAME|SUB` command of this container. */
  readonly subcommands: readonly Command[];
}

/**
 * Defines a container command such as CONFIG: arity -2, no flags of its own, and its subcommands,
 * which the dispatcher looks up by the second argument.
 */
export function defineContainer(spec: ContainerSpec): Command {
  const subcommands = new Map<string, Command>();
  for (const sub of spec.subcommands) {
    const [container, name] = sub.name.split("|");
    if (container !== spec.name || name === undefined || subcommands.has(name)) {
      throw new Error(`${sub.name} does not belong to ${spec.name} or is registered twice`);
    }
    subcommands.set(name, sub);
  }
  return {
    name: spec.name,
    fullName: spec.name.toLowerCase(),
    group: spec.group,
    arity: -2,
    flags: new Set(),
    aclCategories: ["slow"],
    traits: new Set(),
    restRefusal: restRefusalOf({ ...spec, flags: [], traits: new Set() }),
    // No `readonly` flag: a read-only token runs its readonly subcommands only.
    isReadOnlyTokenAllowed: false,
    keys: undefined,
    movableKeys: undefined,
    keySpecs: undefined,
    keysWithFlags: undefined,
    resp3: undefined,
    since: spec.since,
    summary: spec.summary,
    complexity: undefined,
    execute: () => {
      throw new Error(`${spec.name} is a container; the dispatcher runs its subcommands`);
    },
    subcommands,
  };
}

/**
 * REST's refusal, derived as Redis derives ACL categories from flags: the declared reason, else
 * connection commands (but `rest-served` ones) as such, else `blocking` commands (but those that
 * block only with BLOCK, which the policy checks per request). Cluster commands, when there are
 * any, declare `cluster`.
 */
export function restRefusalOf(spec: {
  readonly group: CommandGroup;
  readonly flags: readonly CommandFlag[];
  readonly traits: ReadonlySet<CommandTrait>;
  readonly restRefusal?: RestRefusal;
}): RestRefusal | undefined {
  if (spec.restRefusal !== undefined) {
    return spec.restRefusal;
  }
  if (spec.traits.has("rest-served")) {
    return undefined;
  }
  if (spec.group === "connection") {
    return "connection";
  }
  return spec.flags.includes("blocking") && !spec.traits.has("optionally-blocking")
    ? "blocking"
    : undefined;
}

/** kv-rest-wire.md §4 emulator choice: `readonly` commands but @dangerous ones, unless a trait says. */
function mayReadOnlyTokenRun(command: {
  readonly flags: readonly CommandFlag[];
  readonly aclCategories: readonly AclCategory[];
  readonly traits: ReadonlySet<CommandTrait>;
}): boolean {
  if (command.traits.has("read-only-token-allowed")) {
    return true;
  }
  if (command.traits.has("read-only-token-denied")) {
    return false;
  }
  return command.flags.includes("readonly") && !command.aclCategories.includes("dangerous");
}

/** Redis's `setImplicitACLCategories` (src/server.c). */
function implicitCategories(
  spec: Pick<CommandSpec<unknown>, "categories" | "flags">,
): AclCategory[] {
  const categories = new Set<AclCategory>(spec.categories ?? []);
  const flags = new Set(spec.flags);
  if (flags.has("write")) {
    categories.add("write");
  }
  if (flags.has("readonly") && !categories.has("scripting")) {
    categories.add("read");
  }
  if (flags.has("admin")) {
    categories.add("admin");
    categories.add("dangerous");
  }
  if (flags.has("pubsub")) {
    categories.add("pubsub");
  }
  if (flags.has("fast")) {
    categories.add("fast");
  }
  if (flags.has("blocking")) {
    categories.add("blocking");
  }
  if (!categories.has("fast")) {
    categories.add("slow");
  }
  return ACL_CATEGORIES.filter((category) => categories.has(category));
}

/** A command that only replies; for `parse` of commands without arguments. */
export const noArguments = (): undefined => undefined;

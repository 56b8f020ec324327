/**
 * A command is data plus two functions (STYLE.md §7.3): its metadata mirrors redis/redis
 * `src/commands/<name>.json` and feeds the dispatcher, COMMAND, docs, read-only policy and metrics;
 * `parse` reads the arguments and `run` executes against the keyspace.
 */
import type { Reply } from "../reply.ts";
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
  /** Key positions of commands whose keys move (EVAL's numkeys, ZUNION's numkeys, …). */
  readonly movableKeys?: (argv: readonly string[]) => number[];
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
  readonly keys: KeyRange | undefined;
  readonly movableKeys: ((argv: readonly string[]) => number[]) | undefined;
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
  return {
    name: spec.name,
    fullName: spec.name.toLowerCase(),
    group: spec.group,
    arity: spec.arity,
    flags: new Set(spec.flags),
    aclCategories: implicitCategories(spec),
    keys: spec.keys,
    movableKeys: spec.movableKeys,
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
    keys: undefined,
    movableKeys: undefined,
    since: spec.since,
    summary: spec.summary,
    complexity: undefined,
    execute: () => {
      throw new Error(`${spec.name} is a container; the dispatcher runs its subcommands`);
    },
    subcommands,
  };
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

export type { Reply };

/**
 * COMMAND's replies built from the command table (STYLE.md principle 3: metadata is data), in
 * Redis 7's shapes (src/server.c addReplyCommandInfo, addReplyCommandDocs, addReplyCommandKeySpecs).
 *
 * Our metadata has the legacy (first, last, step) key range but no key specs or command tips, so the
 * key spec is derived from the range and the read/write flags, and tips are empty.
 */
import { asciiUpper } from "./bytes.ts";
import type { Command } from "./commands/define.ts";
import { keyPositions } from "./commands/dispatch.ts";
import { ERR, ReplyError } from "./errors.ts";
import { type Reply, reply } from "./reply.ts";

/** One COMMAND INFO entry: name, arity, flags, first, last, step, ACL categories, tips, key specs, subcommands. */
export function commandInfoReply(command: Command): Reply {
  const flags = [...command.flags].map((flag) => reply.simple(flag));
  if (command.movableKeys !== undefined) {
    flags.push(reply.simple("movablekeys"));
  }
  const keys = command.keys ?? { first: 0, last: 0, step: 0 };
  const subcommands = [...(command.subcommands?.values() ?? [])].map(commandInfoReply);
  return reply.array([
    reply.bulk(command.fullName),
    reply.integer(command.arity),
    reply.array(flags),
    reply.integer(keys.first),
    reply.integer(keys.last),
    reply.integer(keys.step),
    reply.array(command.aclCategories.map((category) => reply.simple(`@${category}`))),
    reply.array([]),
    keySpecsReply(command),
    reply.array(subcommands),
  ]);
}

/**
 * The access flags of the derived key spec, as COMMAND GETKEYSANDFLAGS prints them: `RO access` for
 * read-only commands, `RW update` for writes (Redis's own specs are finer, e.g. `RM delete` for DEL).
 */
export function keySpecFlags(command: Command): string[] {
  if (command.flags.has("write")) {
    return ["RW", "update"];
  }
  return ["RO", "access"];
}

function keySpecsReply(command: Command): Reply {
  const keys = command.keys;
  if (keys === undefined || keys.first <= 0) {
    return reply.array([]);
  }
  // find_keys.range.lastkey is relative to the first key; negative values count from the end.
  const lastKey = keys.last < 0 ? keys.last : keys.last - keys.first;
  return reply.array([
    reply.array([
      reply.bulk("flags"),
      reply.array(keySpecFlags(command).map((flag) => reply.simple(flag))),
      reply.bulk("begin_search"),
      reply.array([
        reply.bulk("type"),
        reply.bulk("index"),
        reply.bulk("spec"),
        reply.array([reply.bulk("index"), reply.integer(keys.first)]),
      ]),
      reply.bulk("find_keys"),
      reply.array([
        reply.bulk("type"),
        reply.bulk("range"),
        reply.bulk("spec"),
        reply.array([
          reply.bulk("lastkey"),
          reply.integer(lastKey),
          reply.bulk("keystep"),
          reply.integer(keys.step),
          reply.bulk("limit"),
          reply.integer(0),
        ]),
      ]),
    ]),
  ]);
}

/** COMMAND DOCS' map of one command (a flat array in RESP2): summary, since, group, complexity. */
export function commandDocsReply(command: Command): Reply {
  const items: Reply[] = [
    reply.bulk("summary"),
    reply.bulk(command.summary),
    reply.bulk("since"),
    reply.bulk(command.since),
    reply.bulk("group"),
    reply.bulk(command.group),
  ];
  const complexity =
    command.complexity ??
    (command.subcommands === undefined ? undefined : "Depends on subcommand.");
  if (complexity !== undefined) {
    items.push(reply.bulk("complexity"), reply.bulk(complexity));
  }
  if (command.subcommands !== undefined) {
    const subcommands: Reply[] = [];
    for (const sub of command.subcommands.values()) {
      subcommands.push(reply.bulk(sub.fullName), commandDocsReply(sub));
    }
    items.push(reply.bulk("subcommands"), reply.array(subcommands));
  }
  return reply.array(items);
}

/** The command (or `container|sub` subcommand) a COMMAND INFO/DOCS name refers to. */
export function findCommand(
  table: ReadonlyMap<string, Command>,
  name: string,
): Command | undefined {
  const [container = "", sub] = asciiUpper(name).split("|");
  const command = table.get(container);
  return sub === undefined ? command : command?.subcommands?.get(sub);
}

/** Every command and subcommand, containers before their subcommands. */
export function* allCommands(table: ReadonlyMap<string, Command>): IterableIterator<Command> {
  for (const command of table.values()) {
    yield command;
    yield* command.subcommands?.values() ?? [];
  }
}

/**
 * COMMAND GETKEYS' lookup (`getKeysSubcommandImpl`): the command of a full command line (a container's
 * subcommand when one is named) and its key positions, with Redis's errors for an unknown command,
 * a command without keys and a wrong number of arguments.
 */
export function resolveKeyedCommand(
  table: ReadonlyMap<string, Command>,
  argv: readonly string[],
): { command: Command; positions: number[] } {
  const base = table.get(asciiUpper(argv[0] ?? ""));
  let command = base;
  if (base?.subcommands !== undefined && argv.length > 1) {
    command = base.subcommands.get(asciiUpper(argv[1] ?? ""));
  }
  if (command === undefined) {
    throw new ReplyError(ERR.INVALID_COMMAND_SPECIFIED);
  }
  const hasKeys =
    command.movableKeys !== undefined || (command.keys !== undefined && command.keys.first > 0);
  if (!hasKeys) {
    throw new ReplyError(ERR.NO_KEY_ARGUMENTS);
  }
  const { arity } = command;
  if ((arity > 0 && argv.length !== arity) || argv.length < -arity) {
    throw new ReplyError(ERR.INVALID_ARGUMENTS_SPECIFIED);
  }
  const positions = keyPositions(command, argv);
  // EVAL, FCALL and their kind may name no keys (CMD_NO_MANDATORY_KEYS): an empty list then.
  if (positions.length === 0 && !command.flags.has("no_mandatory_keys")) {
    throw new ReplyError(ERR.INVALID_ARGUMENTS_FOR_COMMAND);
  }
  return { command, positions };
}

/**
 * COMMAND's replies built from the command table (STYLE.md principle 3: metadata is data), in
 * Redis 7's shapes (src/server.c addReplyCommandInfo, addReplyCommandDocs, addReplyCommandKeySpecs).
 *
 * Key specs are Redis's, kept with each command's metadata (`keySpecs`); a command Redis 7.0 does
 * not have gets one derived from its key range. Command tips are empty.
 */
import { asciiUpper } from "./bytes.ts";
import type { Command, KeyReference, KeySpec } from "./commands/define.ts";
import { ERR, ReplyError } from "./errors.ts";
import { hasKeys, keySpecsOf, keysOfCommandLine, orderedKeyFlags } from "./key-specs.ts";
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

/** Each key spec as COMMAND INFO prints it (addReplyCommandKeySpecs): notes, flags, begin_search, find_keys. */
function keySpecsReply(command: Command): Reply {
  return reply.array(keySpecsOf(command).map(keySpecReply));
}

function keySpecReply(spec: KeySpec): Reply {
  const fields: Reply[] = [];
  if (spec.notes !== undefined) {
    fields.push(reply.bulk("notes"), reply.bulk(spec.notes));
  }
  fields.push(
    reply.bulk("flags"),
    reply.array(orderedKeyFlags(spec.flags).map((flag) => reply.simple(flag))),
    reply.bulk("begin_search"),
    searchReply(beginSearchParts(spec.beginSearch)),
    reply.bulk("find_keys"),
    searchReply(findKeysParts(spec.findKeys)),
  );
  return reply.array(fields);
}

type SearchParts = { type: string; spec: [string, string | number][] };

function searchReply({ type, spec }: SearchParts): Reply {
  return reply.array([
    reply.bulk("type"),
    reply.bulk(type),
    reply.bulk("spec"),
    reply.array(
      spec.flatMap(([name, value]) => [
        reply.bulk(name),
        typeof value === "number" ? reply.integer(value) : reply.bulk(value),
      ]),
    ),
  ]);
}

function beginSearchParts(begin: KeySpec["beginSearch"]): SearchParts {
  if (begin === "unknown") {
    return { type: "unknown", spec: [] };
  }
  return "index" in begin
    ? { type: "index", spec: [["index", begin.index]] }
    : {
        type: "keyword",
        spec: [
          ["keyword", begin.keyword],
          ["startfrom", begin.startFrom],
        ],
      };
}

function findKeysParts(find: KeySpec["findKeys"]): SearchParts {
  if (find === "unknown") {
    return { type: "unknown", spec: [] };
  }
  return "lastKey" in find
    ? {
        type: "range",
        spec: [
          ["lastkey", find.lastKey],
          ["keystep", find.keyStep],
          ["limit", find.limit],
        ],
      }
    : {
        type: "keynum",
        spec: [
          ["keynumidx", find.keyNumIndex],
          ["firstkey", find.firstKey],
          ["keystep", find.keyStep],
        ],
      };
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
 * subcommand when one is named) and its keys with their flags, with Redis's errors for an unknown
 * command, a command without keys, a wrong number of arguments and a line whose keys cannot be found.
 */
export function resolveKeyedCommand(
  table: ReadonlyMap<string, Command>,
  argv: readonly string[],
): { command: Command; keys: KeyReference[] } {
  const base = table.get(asciiUpper(argv[0] ?? ""));
  let command = base;
  if (base?.subcommands !== undefined && argv.length > 1) {
    command = base.subcommands.get(asciiUpper(argv[1] ?? ""));
  }
  if (command === undefined) {
    throw new ReplyError(ERR.INVALID_COMMAND_SPECIFIED);
  }
  if (!hasKeys(command)) {
    throw new ReplyError(ERR.NO_KEY_ARGUMENTS);
  }
  const { arity } = command;
  if ((arity > 0 && argv.length !== arity) || argv.length < -arity) {
    throw new ReplyError(ERR.INVALID_ARGUMENTS_SPECIFIED);
  }
  const keys = keysOfCommandLine(command, argv);
  // EVAL, FCALL and their kind may name no keys (CMD_NO_MANDATORY_KEYS): an empty list then.
  if (keys.length === 0 && !command.flags.has("no_mandatory_keys")) {
    throw new ReplyError(ERR.INVALID_ARGUMENTS_FOR_COMMAND);
  }
  return { command, keys };
}

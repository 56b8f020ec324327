import { keySpecFlags, resolveKeyedCommand } from "../../command-info.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * COMMAND GETKEYSANDFLAGS command [arg ...]: `[[key, [flags…]], …]` for a full command line.
 * @see https://redis.io/commands/command-getkeysandflags
 */
export const commandGetkeysandflags = defineCommand({
  name: "COMMAND|GETKEYSANDFLAGS",
  group: "server",
  arity: -4,
  flags: ["loading", "stale"],
  categories: ["connection"],
  since: "7.0.0",
  summary: "Extracts the key names and access flags for an arbitrary command.",
  complexity: "O(N) where N is the number of arguments to the command",
  parse: (args) => ({ argv: args.rest() }),
  run: (ctx, { argv }) => {
    const { command, positions } = resolveKeyedCommand(ctx.server.commands, argv);
    const flags = reply.array(keySpecFlags(command).map((flag) => reply.simple(flag)));
    return reply.array(
      positions.map((position) => reply.array([reply.bulk(argv[position] ?? ""), flags])),
    );
  },
});

import { resolveKeyedCommand } from "../../command-info.ts";
import { orderedKeyFlags } from "../../key-specs.ts";
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
  resp3: "keys-and-flags",
  categories: ["connection"],
  since: "7.0.0",
  summary: "Extracts the key names and access flags for an arbitrary command.",
  complexity: "O(N) where N is the number of arguments to the command",
  parse: (args) => ({ argv: args.rest() }),
  run: (ctx, { argv }) => {
    const { keys } = resolveKeyedCommand(ctx.server.commands, argv);
    return reply.array(
      keys.map(({ position, flags }) =>
        reply.array([
          reply.bulk(argv[position] ?? ""),
          reply.array(orderedKeyFlags(flags).map((flag) => reply.simple(flag))),
        ]),
      ),
    );
  },
});

import { resolveKeyedCommand } from "../../command-info.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * COMMAND GETKEYS command [arg ...]: the keys a full command line would access.
 * @see https://redis.io/commands/command-getkeys
 */
export const commandGetkeys = defineCommand({
  name: "COMMAND|GETKEYS",
  group: "server",
  arity: -4,
  flags: ["loading", "stale"],
  categories: ["connection"],
  since: "2.8.13",
  summary: "Extracts the key names from an arbitrary command.",
  complexity: "O(N) where N is the number of arguments to the command",
  parse: (args) => ({ argv: args.rest() }),
  run: (ctx, { argv }) => {
    const { keys } = resolveKeyedCommand(ctx.server.commands, argv);
    return reply.bulks(keys.map(({ position }) => argv[position] ?? ""));
  },
});

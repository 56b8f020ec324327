import { commandInfoReply, findCommand } from "../../command-info.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * COMMAND INFO [command-name ...]: COMMAND's entry for each name (nil when unknown), or for all.
 * @see https://redis.io/commands/command-info
 */
export const commandInfo = defineCommand({
  name: "COMMAND|INFO",
  group: "server",
  arity: -2,
  flags: ["loading", "stale"],
  resp3: "command-info",
  categories: ["connection"],
  since: "2.8.13",
  summary: "Returns information about one, multiple or all commands.",
  complexity: "O(N) where N is the number of commands to look up",
  parse: (args) => ({ names: args.rest() }),
  run: (ctx, { names }) => {
    const table = ctx.server.commands;
    if (names.length === 0) {
      return reply.array([...table.values()].map(commandInfoReply));
    }
    return reply.array(
      names.map((name) => {
        const command = findCommand(table, name);
        return command === undefined ? reply.null() : commandInfoReply(command);
      }),
    );
  },
});

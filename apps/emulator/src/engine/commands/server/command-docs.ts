import { commandDocsReply, findCommand } from "../../command-info.ts";
import { type Reply, reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * COMMAND DOCS [command-name ...]: `[name, {summary, since, group, complexity, subcommands}, …]` for
 * the named commands (unknown names are skipped), or for all.
 * @see https://redis.io/commands/command-docs
 */
export const commandDocs = defineCommand({
  name: "COMMAND|DOCS",
  group: "server",
  arity: -2,
  flags: ["loading", "stale"],
  resp3: "command-docs",
  categories: ["connection"],
  since: "7.0.0",
  summary: "Returns documentary information about one, multiple or all commands.",
  complexity: "O(N) where N is the number of commands to look up",
  parse: (args) => ({ names: args.rest() }),
  run: (ctx, { names }) => {
    const table = ctx.server.commands;
    const commands =
      names.length === 0 ? [...table.values()] : names.map((name) => findCommand(table, name));
    const items: Reply[] = [];
    for (const command of commands) {
      if (command !== undefined) {
        items.push(reply.bulk(command.fullName), commandDocsReply(command));
      }
    }
    return reply.array(items);
  },
});

import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * COMMAND COUNT: how many commands (not counting subcommands) the engine has.
 * @see https://redis.io/commands/command-count
 */
export const commandCount = defineCommand({
  name: "COMMAND|COUNT",
  group: "server",
  arity: 2,
  flags: ["loading", "stale"],
  categories: ["connection"],
  since: "2.8.13",
  summary: "Returns a count of commands.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => reply.integer(ctx.server.commands.size),
});

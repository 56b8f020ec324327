import { helpReply } from "../../help.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * CONFIG HELP: the subcommands of CONFIG.
 * @see https://redis.io/commands/config-help
 */
export const configHelp = defineCommand({
  name: "CONFIG|HELP",
  group: "server",
  arity: 2,
  flags: ["loading", "stale"],
  since: "5.0.0",
  summary: "Returns helpful text about the different subcommands.",
  complexity: "O(1)",
  parse: noArguments,
  run: () =>
    helpReply("CONFIG", [
      "GET <pattern>",
      "    Return parameters matching the glob-like <pattern> and their values.",
      "SET <directive> <value>",
      "    Set the configuration <directive> to <value>.",
      "RESETSTAT",
      "    Reset statistics reported by the INFO command.",
      "REWRITE",
      "    Rewrite the configuration file.",
    ]),
});

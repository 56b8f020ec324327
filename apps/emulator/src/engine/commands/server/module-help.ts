import { helpReply } from "../../help.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * MODULE HELP: the subcommands of MODULE.
 * @see https://redis.io/commands/module-help
 */
export const moduleHelp = defineCommand({
  name: "MODULE|HELP",
  group: "server",
  arity: 2,
  flags: ["loading", "stale"],
  since: "5.0.0",
  summary: "Returns helpful text about the different subcommands.",
  complexity: "O(1)",
  parse: noArguments,
  run: () =>
    helpReply("MODULE", [
      "LIST",
      "    Return a list of loaded modules.",
      "LOAD <path> [<arg> ...]",
      "    Load a module library from <path>, passing to it any optional arguments.",
      "LOADEX <path> [[CONFIG NAME VALUE] [CONFIG NAME VALUE]] [ARGS ...]",
      "    Load a module library from <path>, while passing it module configurations and optional arguments.",
      "UNLOAD <name>",
      "    Unload a module.",
    ]),
});

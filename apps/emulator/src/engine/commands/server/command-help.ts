import { helpReply } from "../../help.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * COMMAND HELP: the subcommands of COMMAND.
 * @see https://redis.io/commands/command-help
 */
export const commandHelp = defineCommand({
  name: "COMMAND|HELP",
  group: "server",
  arity: 2,
  flags: ["loading", "stale"],
  categories: ["connection"],
  since: "5.0.0",
  summary: "Returns helpful text about the different subcommands.",
  complexity: "O(1)",
  parse: noArguments,
  run: () =>
    helpReply("COMMAND", [
      "(no subcommand)",
      "    Return details about all Redis commands.",
      "COUNT",
      "    Return the total number of commands in this Redis server.",
      "LIST",
      "    Return a list of all commands in this Redis server.",
      "INFO [<command-name> ...]",
      "    Return details about multiple Redis commands.",
      "    If no command names are given, documentation details for all",
      "    commands are returned.",
      "DOCS [<command-name> ...]",
      "    Return documentation details about multiple Redis commands.",
      "    If no command names are given, documentation details for all",
      "    commands are returned.",
      "GETKEYS <full-command>",
      "    Return the keys from a full Redis command.",
      "GETKEYSANDFLAGS <full-command>",
      "    Return the keys and the access flags from a full Redis command.",
    ]),
});

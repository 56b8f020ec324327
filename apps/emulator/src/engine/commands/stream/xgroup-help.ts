import { defineCommand, noArguments } from "../define.ts";
import { helpReply } from "./_replies.ts";

/**
 * XGROUP HELP: the subcommands, as simple strings.
 * @see https://redis.io/commands/xgroup-help
 */
export const xgroupHelp = defineCommand({
  name: "XGROUP|HELP",
  group: "stream",
  arity: 2,
  flags: ["loading", "stale"],
  categories: ["stream"],
  since: "5.0.0",
  summary: "Returns helpful text about the different subcommands.",
  complexity: "O(1)",
  parse: noArguments,
  run: () =>
    helpReply("XGROUP", [
      "CREATE <key> <groupname> <id|$> [option]",
      "    Create a new consumer group. Options are:",
      "    * MKSTREAM",
      "      Create the empty stream if it does not exist.",
      "    * ENTRIESREAD entries_read",
      "      Set the group's entries_read counter (internal use).",
      "CREATECONSUMER <key> <groupname> <consumer>",
      "    Create a new consumer in the specified group.",
      "DELCONSUMER <key> <groupname> <consumer>",
      "    Remove the specified consumer.",
      "DESTROY <key> <groupname>",
      "    Remove the specified group.",
      "SETID <key> <groupname> <id|$> [ENTRIESREAD entries_read]",
      "    Set the current group ID and entries_read counter.",
    ]),
});

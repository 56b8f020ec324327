import { defineCommand, noArguments } from "../define.ts";
import { helpReply } from "./_replies.ts";

/**
 * XINFO HELP: the subcommands, as simple strings.
 * @see https://redis.io/commands/xinfo-help
 */
export const xinfoHelp = defineCommand({
  name: "XINFO|HELP",
  group: "stream",
  arity: 2,
  flags: ["loading", "stale"],
  categories: ["stream"],
  since: "5.0.0",
  summary: "Returns helpful text about the different subcommands.",
  complexity: "O(1)",
  parse: noArguments,
  run: () =>
    helpReply("XINFO", [
      "CONSUMERS <key> <groupname>",
      "    Show consumers of <groupname>.",
      "GROUPS <key>",
      "    Show the stream consumer groups.",
      "STREAM <key> [FULL [COUNT <count>]",
      "    Show information about the stream.",
    ]),
});

import { helpReply } from "../../help.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * SLOWLOG HELP: the subcommands of SLOWLOG.
 * @see https://redis.io/commands/slowlog-help
 */
export const slowlogHelp = defineCommand({
  name: "SLOWLOG|HELP",
  group: "server",
  arity: 2,
  flags: ["loading", "stale"],
  since: "6.2.0",
  summary: "Show helpful text about the different subcommands",
  complexity: "O(1)",
  parse: noArguments,
  run: () =>
    helpReply("SLOWLOG", [
      "GET [<count>]",
      "    Return top <count> entries from the slowlog (default: 10, -1 mean all).",
      "    Entries are made of:",
      "    id, timestamp, time in microseconds, arguments array, client IP and port,",
      "    client name",
      "LEN",
      "    Return the length of the slowlog.",
      "RESET",
      "    Reset the slowlog.",
    ]),
});

import { helpReply } from "../../help.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * OBJECT HELP: the subcommands of OBJECT.
 * @see https://redis.io/commands/object-help
 */
export const objectHelp = defineCommand({
  name: "OBJECT|HELP",
  group: "generic",
  arity: 2,
  flags: ["loading", "stale"],
  categories: ["keyspace"],
  since: "6.2.0",
  summary: "Returns helpful text about the different subcommands.",
  complexity: "O(1)",
  parse: noArguments,
  run: () =>
    helpReply("OBJECT", [
      "ENCODING <key>",
      "    Return the kind of internal representation used in order to store the value",
      "    associated with a <key>.",
      "FREQ <key>",
      "    Return the access frequency index of the <key>. The returned integer is",
      "    proportional to the logarithm of the recent access frequency of the key.",
      "IDLETIME <key>",
      "    Return the idle time of the <key>, that is the approximated number of",
      "    seconds elapsed since the last access to the key.",
      "REFCOUNT <key>",
      "    Return the number of references of the value associated with the specified",
      "    <key>.",
    ]),
});

import { helpReply } from "../../help.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * MEMORY HELP: the subcommands of MEMORY.
 * @see https://redis.io/commands/memory-help
 */
export const memoryHelp = defineCommand({
  name: "MEMORY|HELP",
  group: "server",
  arity: 2,
  flags: ["loading", "stale"],
  since: "4.0.0",
  summary: "Returns helpful text about the different subcommands.",
  complexity: "O(1)",
  parse: noArguments,
  run: () =>
    helpReply("MEMORY", [
      "DOCTOR",
      "    Return memory problems reports.",
      "MALLOC-STATS",
      "    Return internal statistics report from the memory allocator.",
      "PURGE",
      "    Attempt to purge dirty pages for reclamation by the allocator.",
      "STATS",
      "    Return information about the memory usage of the server.",
      "USAGE <key> [SAMPLES <count>]",
      "    Return memory in bytes used by <key> and its value. Nested values are",
      "    sampled up to <count> times (default: 5, 0 means sample all).",
    ]),
});

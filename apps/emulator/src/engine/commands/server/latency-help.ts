import { helpReply } from "../../help.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * LATENCY HELP: the subcommands of LATENCY.
 * @see https://redis.io/commands/latency-help
 */
export const latencyHelp = defineCommand({
  name: "LATENCY|HELP",
  group: "server",
  arity: 2,
  flags: ["loading", "stale"],
  since: "2.8.13",
  summary: "Returns helpful text about the different subcommands.",
  complexity: "O(1)",
  parse: noArguments,
  run: () =>
    helpReply("LATENCY", [
      "DOCTOR",
      "    Return a human readable latency analysis report.",
      "GRAPH <event>",
      "    Return an ASCII latency graph for the <event> class.",
      "HISTORY <event>",
      "    Return time-latency samples for the <event> class.",
      "LATEST",
      "    Return the latest latency samples for all events.",
      "RESET [<event> ...]",
      "    Reset latency data of one or more <event> classes.",
      "    (default: reset all data for all event classes)",
      "HISTOGRAM [COMMAND ...]",
      "    Return a cumulative distribution of latencies in the format of a histogram for the specified command names.",
      "    If no commands are specified then all histograms are replied.",
    ]),
});

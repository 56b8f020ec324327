import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * LATENCY HISTOGRAM [command ...]: per-command latency histograms.
 *
 * Emulator difference: commands are not timed, so there is no histogram to report.
 * @see https://redis.io/commands/latency-histogram
 */
export const latencyHistogram = defineCommand({
  name: "LATENCY|HISTOGRAM",
  group: "server",
  arity: -2,
  flags: ["admin", "noscript", "loading", "stale"],
  resp3: "map",
  since: "7.0.0",
  summary: "Returns the cumulative distribution of latencies of a subset or all commands.",
  complexity: "O(N) where N is the number of commands with latency information being retrieved.",
  parse: (args) => ({ commands: args.rest() }),
  run: () => reply.array([]),
});

import { ERR, ReplyError } from "../../errors.ts";
import { defineCommand } from "../define.ts";

/**
 * LATENCY GRAPH event: there are never samples to draw.
 * @see https://redis.io/commands/latency-graph
 */
export const latencyGraph = defineCommand({
  name: "LATENCY|GRAPH",
  group: "server",
  arity: 3,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "2.8.13",
  summary: "Returns a latency graph for an event.",
  complexity: "O(1)",
  parse: (args) => ({ event: args.string() }),
  run: (_ctx, { event }) => {
    throw new ReplyError(ERR.NO_LATENCY_SAMPLES(event));
  },
});

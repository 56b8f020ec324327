import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * LATENCY HISTORY event: the event's samples, none here.
 * @see https://redis.io/commands/latency-history
 */
export const latencyHistory = defineCommand({
  name: "LATENCY|HISTORY",
  group: "server",
  arity: 3,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "2.8.13",
  summary: "Returns timestamp-latency samples for an event.",
  complexity: "O(1)",
  parse: (args) => ({ event: args.string() }),
  run: () => reply.array([]),
});

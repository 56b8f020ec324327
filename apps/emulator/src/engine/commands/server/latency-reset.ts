import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * LATENCY RESET [event ...]: the number of event series reset, always 0 here.
 * @see https://redis.io/commands/latency-reset
 */
export const latencyReset = defineCommand({
  name: "LATENCY|RESET",
  group: "server",
  arity: -2,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "2.8.13",
  summary: "Resets the latency data for one or more events.",
  complexity: "O(1)",
  parse: (args) => ({ events: args.rest() }),
  run: () => reply.integer(0),
});

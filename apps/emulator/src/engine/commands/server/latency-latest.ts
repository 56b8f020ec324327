import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * LATENCY LATEST: the latest sample of each event, none here.
 * @see https://redis.io/commands/latency-latest
 */
export const latencyLatest = defineCommand({
  name: "LATENCY|LATEST",
  group: "server",
  arity: 2,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "2.8.13",
  summary: "Returns the latest latency samples for all events.",
  complexity: "O(1)",
  parse: noArguments,
  run: () => reply.array([]),
});

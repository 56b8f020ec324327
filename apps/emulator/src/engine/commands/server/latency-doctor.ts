import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * LATENCY DOCTOR: Redis's report for an instance without latency samples.
 * @see https://redis.io/commands/latency-doctor
 */
export const latencyDoctor = defineCommand({
  name: "LATENCY|DOCTOR",
  group: "server",
  arity: 2,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "2.8.13",
  summary: "Returns a human-readable latency analysis report.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) =>
    reply.bulk(
      ctx.server.config.value("latency-monitor-threshold") === "0"
        ? "I'm sorry, Dave, I can't do that. Latency monitoring is disabled in this Redis instance. You may use \"CONFIG SET latency-monitor-threshold <milliseconds>.\" in order to enable it. If we weren't in a deep space mission I'd suggest to take a look at https://redis.io/topics/latency-monitor.\n"
        : "Dave, no latency spike was observed during the lifetime of this Redis instance, not in the slightest bit. I honestly think you ought to sleep tonight.\n",
    ),
});

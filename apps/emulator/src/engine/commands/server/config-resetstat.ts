import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * CONFIG RESETSTAT: zeroes the counters INFO reports (commands, connections, hits, misses, expired, commandstats, errorstats).
 * @see https://redis.io/commands/config-resetstat
 */
export const configResetstat = defineCommand({
  name: "CONFIG|RESETSTAT",
  group: "server",
  arity: 2,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "2.0.0",
  summary: "Resets the server's statistics.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => {
    const { stats } = ctx.server;
    stats.commandsProcessed = 0;
    stats.totalConnections = 0;
    stats.keyspaceHits = 0;
    stats.keyspaceMisses = 0;
    stats.expiredKeys = 0;
    stats.evictedKeys = 0;
    ctx.server.callStats.reset();
    return reply.ok();
  },
});

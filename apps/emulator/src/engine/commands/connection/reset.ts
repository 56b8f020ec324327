import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * RESET: returns the connection to its initial state (`clearClientConnectionState`): database 0,
 * no name, no WATCHes or subscriptions, RESP2, no NO-EVICT/NO-TOUCH, tracking off, and the `default` user (which
 * must authenticate again if it has a password). The connection's MULTI queue is its own to drop.
 * @see https://redis.io/commands/reset
 */
export const reset = defineCommand({
  name: "RESET",
  group: "connection",
  arity: 1,
  flags: ["noscript", "loading", "stale", "fast", "no_auth", "allow_busy"],
  categories: ["connection"],
  traits: ["allowed-when-subscribed"],
  since: "6.2.0",
  summary: "Resets the connection.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => {
    const { session, server } = ctx;
    server.unwatch(session);
    for (const channel of [...session.channels]) {
      server.pubsub.unsubscribe(session, channel);
    }
    for (const pattern of [...session.patterns]) {
      server.pubsub.punsubscribe(session, pattern);
    }
    const shard = server.shardChannels;
    for (const channel of [...session.shardChannels]) {
      shard.unsubscribe(session, channel);
    }
    session.dbIndex = 0;
    session.name = "";
    session.protocol = 2;
    session.isNoEvict = false;
    session.isNoTouch = false;
    server.tracking.disable(session);
    session.user = "default";
    session.isAuthenticated = !server.authenticator.hasDefaultPassword;
    return reply.simple("RESET");
  },
});

import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * CLIENT TRACKINGINFO: tracking is off.
 * @see https://redis.io/commands/client-trackinginfo
 */
export const clientTrackinginfo = defineCommand({
  name: "CLIENT|TRACKINGINFO",
  group: "connection",
  arity: 2,
  resp3: "map",
  flags: ["noscript", "loading", "stale"],
  categories: ["connection"],
  since: "6.2.0",
  summary: "Returns information about server-assisted client-side caching for the connection.",
  complexity: "O(1)",
  parse: noArguments,
  run: () =>
    reply.array([
      reply.bulk("flags"),
      reply.bulks(["off"]),
      reply.bulk("redirect"),
      reply.integer(-1),
      reply.bulk("prefixes"),
      reply.array([]),
    ]),
});

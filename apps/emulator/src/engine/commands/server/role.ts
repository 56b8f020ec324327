import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * ROLE: `[master, replication offset, replicas]`; the engine is always a replica-less master.
 * @see https://redis.io/commands/role
 */
export const role = defineCommand({
  name: "ROLE",
  group: "server",
  arity: 1,
  flags: ["noscript", "loading", "stale", "fast"],
  categories: ["admin", "dangerous"],
  since: "2.8.12",
  summary: "Returns the replication role.",
  complexity: "O(1)",
  parse: noArguments,
  run: () => reply.array([reply.bulk("master"), reply.integer(0), reply.array([])]),
});

import { defineReplicaof } from "./replicaof.ts";

/**
 * SLAVEOF host port | SLAVEOF NO ONE: `NO ONE` keeps the engine a master (OK); following a master
 * is refused.
 *
 * Emulator difference: the engine cannot replicate from another server.
 * @see https://redis.io/commands/slaveof
 */
export const slaveof = defineReplicaof({
  name: "SLAVEOF",
  since: "1.0.0",
  summary: "Sets a Redis server as a replica of another, or promotes it to being a master.",
});

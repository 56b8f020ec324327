import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * RANDOMKEY: a random key of the database, or nil when it is empty.
 * @see https://redis.io/commands/randomkey
 */
export const randomkey = defineCommand({
  name: "RANDOMKEY",
  group: "generic",
  arity: 1,
  flags: ["readonly"],
  categories: ["keyspace"],
  since: "1.0.0",
  summary: "Returns a random key name from the database.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => reply.bulkOrNull(ctx.db.randomKey(() => ctx.server.random())),
});

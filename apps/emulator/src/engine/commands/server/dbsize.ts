import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * DBSIZE: the number of keys in the selected database.
 * @see https://redis.io/commands/dbsize
 */
export const dbsize = defineCommand({
  name: "DBSIZE",
  group: "server",
  arity: 1,
  flags: ["readonly", "fast"],
  categories: ["keyspace"],
  since: "1.0.0",
  summary: "Returns the number of keys in the database.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => reply.integer(ctx.db.size),
});

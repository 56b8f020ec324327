import { parseDatabaseIndex } from "../../db-switch.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * SELECT index: makes database `index` the connection's current one.
 * @see https://redis.io/commands/select
 */
export const select = defineCommand({
  name: "SELECT",
  group: "connection",
  arity: 2,
  flags: ["loading", "stale", "fast"],
  categories: ["connection"],
  since: "1.0.0",
  summary: "Changes the selected database.",
  complexity: "O(1)",
  parse: (args) => ({ index: parseDatabaseIndex(args.string()) }),
  run: (ctx, { index }) => {
    if (index < 0 || index >= ctx.server.databases.length) {
      throw new ReplyError(ERR.DB_INDEX_OUT_OF_RANGE);
    }
    ctx.session.dbIndex = index;
    return reply.ok();
  },
});

import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

/** `[ASYNC | SYNC]`: both empty at once here, since the engine frees memory synchronously. */
function parseFlushMode(args: Args): undefined {
  if (args.hasMore()) {
    const mode = args.token();
    if (mode !== "ASYNC" && mode !== "SYNC") {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  return undefined;
}

/**
 * FLUSHDB [ASYNC | SYNC]: removes every key of the selected database.
 * @see https://redis.io/commands/flushdb
 */
export const flushdb = defineCommand({
  name: "FLUSHDB",
  group: "server",
  arity: -1,
  flags: ["write"],
  categories: ["keyspace", "dangerous"],
  since: "1.0.0",
  summary: "Remove all keys from the current database.",
  complexity: "O(N) where N is the number of keys in the selected database",
  parse: parseFlushMode,
  run: (ctx) => {
    ctx.server.flush(ctx.db.index);
    return reply.ok();
  },
});

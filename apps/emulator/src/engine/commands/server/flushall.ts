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
 * FLUSHALL [ASYNC | SYNC]: removes every key of every database.
 * @see https://redis.io/commands/flushall
 */
export const flushall = defineCommand({
  name: "FLUSHALL",
  group: "server",
  arity: -1,
  flags: ["write"],
  categories: ["keyspace", "dangerous"],
  since: "1.0.0",
  summary: "Removes all keys from all databases.",
  complexity: "O(N) where N is the total number of keys in all databases",
  parse: parseFlushMode,
  run: (ctx) => {
    ctx.server.flush();
    return reply.ok();
  },
});

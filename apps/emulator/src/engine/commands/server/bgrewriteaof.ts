import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * BGREWRITEAOF: compacts the append-only log. The engine's log is compacted by writing a snapshot,
 * which is synchronous, so the rewrite has finished when the reply says it started.
 * @see https://redis.io/commands/bgrewriteaof
 */
export const bgrewriteaof = defineCommand({
  name: "BGREWRITEAOF",
  group: "server",
  arity: 1,
  flags: ["admin", "noscript", "no_async_loading"],
  since: "1.0.0",
  summary: "Asynchronously rewrites the append-only file to disk.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => {
    if (!ctx.server.save()) {
      // Emulator difference: without a data directory there is no log to rewrite.
      throw new ReplyError(ERR.NO_PERSISTENCE);
    }
    ctx.server.identity.saves++;
    return reply.simple("Background append only file rewriting started");
  },
});

import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * SAVE: writes the keyspace as an RDB file now (`kv/memory/rdb-save.ts`: `dir`/`dbfilename`, with a
 * data directory only) and compacts the log.
 * @see https://redis.io/commands/save
 */
export const save = defineCommand({
  name: "SAVE",
  group: "server",
  arity: 1,
  flags: ["admin", "noscript", "no_async_loading", "no_multi"],
  since: "1.0.0",
  summary: "Synchronously saves the database(s) to disk.",
  complexity: "O(N) where N is the total number of keys in all databases",
  parse: noArguments,
  run: (ctx) => {
    if (!ctx.server.save()) {
      // Emulator difference: without a data directory there is nowhere to save to.
      throw new ReplyError(ERR.NO_PERSISTENCE);
    }
    ctx.server.identity.saves++;
    return reply.ok();
  },
});

import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

function parseSchedule(args: Args): undefined {
  if (args.hasMore() && args.token() !== "SCHEDULE") {
    throw new ReplyError(ERR.SYNTAX);
  }
  return undefined;
}

/**
 * BGSAVE [SCHEDULE]: Redis forks to save in the background; the engine writes its RDB file at once
 * (the keyspace is one point in time either way), so it has finished when the reply says it
 * started, and SCHEDULE never has to wait for a save in progress.
 * @see https://redis.io/commands/bgsave
 */
export const bgsave = defineCommand({
  name: "BGSAVE",
  group: "server",
  arity: -1,
  flags: ["admin", "noscript", "no_async_loading"],
  since: "1.0.0",
  summary: "Asynchronously saves the database(s) to disk.",
  complexity: "O(1)",
  parse: parseSchedule,
  run: (ctx) => {
    if (!ctx.server.save()) {
      // Emulator difference: without a data directory there is nowhere to save to.
      throw new ReplyError(ERR.NO_PERSISTENCE);
    }
    ctx.server.identity.saves++;
    return reply.simple("Background saving started");
  },
});

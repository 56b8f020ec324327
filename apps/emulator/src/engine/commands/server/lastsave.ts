import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * LASTSAVE: the Unix time in seconds of the last successful save (or of start-up).
 * @see https://redis.io/commands/lastsave
 */
export const lastsave = defineCommand({
  name: "LASTSAVE",
  group: "server",
  arity: 1,
  flags: ["loading", "stale", "fast"],
  categories: ["admin", "dangerous"],
  since: "1.0.0",
  summary: "Returns the Unix timestamp of the last successful save to disk.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => reply.integer(Math.floor(ctx.server.lastSaveMs / 1000)),
});

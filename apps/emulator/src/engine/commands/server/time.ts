import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * TIME: `[Unix seconds, microseconds]` of the command's (clock) time.
 * @see https://redis.io/commands/time
 */
export const time = defineCommand({
  name: "TIME",
  group: "server",
  arity: 1,
  flags: ["loading", "stale", "fast"],
  since: "2.6.0",
  summary: "Returns the server time.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => {
    // The clock has millisecond resolution, so microseconds are whole milliseconds.
    const seconds = Math.floor(ctx.now / 1000);
    const micros = (ctx.now - seconds * 1000) * 1000;
    return reply.bulks([String(seconds), String(micros)]);
  },
});

import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * QUIT: OK, then the connection closes (it checks `session.isKilled` after each reply). Redis 7.2
 * deprecated QUIT in favour of just closing the connection.
 * @see https://redis.io/commands/quit
 */
export const quit = defineCommand({
  name: "QUIT",
  group: "connection",
  arity: -1,
  flags: ["noscript", "loading", "stale", "fast", "no_auth", "allow_busy"],
  categories: ["connection"],
  traits: ["allowed-when-subscribed"],
  since: "1.0.0",
  summary: "Closes the connection.",
  complexity: "O(1)",
  // Redis ignores any arguments to QUIT.
  parse: (args) => {
    args.rest();
    return undefined;
  },
  run: (ctx) => {
    ctx.session.isKilled = true;
    return reply.ok();
  },
});

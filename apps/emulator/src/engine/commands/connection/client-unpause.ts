import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * CLIENT UNPAUSE: ends a CLIENT PAUSE; the commands it held back run, in arrival order.
 * @see https://redis.io/commands/client-unpause
 */
export const clientUnpause = defineCommand({
  name: "CLIENT|UNPAUSE",
  group: "connection",
  arity: 2,
  flags: ["admin", "noscript", "loading", "stale"],
  categories: ["connection"],
  since: "6.2.0",
  summary: "Resumes processing commands from paused clients.",
  complexity: "O(N) Where N is the number of paused clients",
  parse: noArguments,
  run: (ctx) => {
    ctx.server.pauses.unpause();
    return reply.ok();
  },
});

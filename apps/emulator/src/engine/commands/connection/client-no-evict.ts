import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * CLIENT NO-EVICT ON|OFF: protects the connection from client eviction (which the engine never
 * does; the mode shows as the `e` flag).
 * @see https://redis.io/commands/client-no-evict
 */
export const clientNoEvict = defineCommand({
  name: "CLIENT|NO-EVICT",
  group: "connection",
  arity: 3,
  flags: ["admin", "noscript", "loading", "stale"],
  categories: ["connection"],
  since: "7.0.0",
  summary: "Sets the client eviction mode of the connection.",
  complexity: "O(1)",
  parse: (args) => {
    const mode = args.token();
    if (mode !== "ON" && mode !== "OFF") {
      throw new ReplyError(ERR.SYNTAX);
    }
    return { isOn: mode === "ON" };
  },
  run: (ctx, { isOn }) => {
    ctx.session.isNoEvict = isOn;
    return reply.ok();
  },
});

import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * CLIENT NO-TOUCH ON|OFF: commands stop updating access times (which the engine does not track;
 * the mode shows as the `T` flag).
 * @see https://redis.io/commands/client-no-touch
 */
export const clientNoTouch = defineCommand({
  name: "CLIENT|NO-TOUCH",
  group: "connection",
  arity: 3,
  flags: ["noscript", "loading", "stale"],
  categories: ["connection"],
  since: "7.2.0",
  summary: "Controls whether commands sent by the client affect the LRU/LFU of accessed keys.",
  complexity: "O(1)",
  parse: (args) => {
    const mode = args.token();
    if (mode !== "ON" && mode !== "OFF") {
      throw new ReplyError(ERR.SYNTAX);
    }
    return { isOn: mode === "ON" };
  },
  run: (ctx, { isOn }) => {
    ctx.session.isNoTouch = isOn;
    return reply.ok();
  },
});

import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * CLIENT REPLY ON|OFF|SKIP: ON is the current mode, so it answers OK.
 *
 * Emulator difference: OFF and SKIP are refused, since dropping replies is the connection's job and
 * the connections do not implement it yet.
 * @see https://redis.io/commands/client-reply
 */
export const clientReply = defineCommand({
  name: "CLIENT|REPLY",
  group: "connection",
  arity: 3,
  flags: ["noscript", "loading", "stale"],
  categories: ["connection"],
  since: "3.2.0",
  summary: "Instructs the server whether to reply to commands.",
  complexity: "O(1)",
  parse: (args) => {
    const mode = args.token();
    if (mode !== "ON" && mode !== "OFF" && mode !== "SKIP") {
      throw new ReplyError(ERR.SYNTAX);
    }
    return { mode };
  },
  run: (_ctx, { mode }) => {
    if (mode !== "ON") {
      throw new ReplyError(ERR.CLIENT_UNSUPPORTED(`REPLY ${mode}`));
    }
    return reply.ok();
  },
});

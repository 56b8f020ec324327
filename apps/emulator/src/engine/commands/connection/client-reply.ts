import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * CLIENT REPLY ON|OFF|SKIP: OFF stops the connection's replies (this one included), SKIP drops
 * the next command's, ON resumes them (and answers OK). Dropping replies is the RESP connection's
 * job (`resp/connection.ts`, which answers the command itself, in front of either backend); here
 * the mode is only checked.
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
  run: () => reply.ok(),
});

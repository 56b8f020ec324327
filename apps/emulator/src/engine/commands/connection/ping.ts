import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * PING [message]: PONG, or the message as a bulk string. In subscribe mode RESP2 answers
 * `["pong", message]`, which the RESP connection handles.
 * @see https://redis.io/commands/ping
 */
export const ping = defineCommand({
  name: "PING",
  group: "connection",
  arity: -1,
  flags: ["fast"],
  categories: ["connection"],
  traits: ["rest-served", "read-only-token-allowed", "allowed-when-subscribed"],
  since: "1.0.0",
  summary: "Returns the server's liveliness response.",
  complexity: "O(1)",
  parse: (args) => {
    // pingCommand's own check: arity -1 lets `PING a b` through to answer the arity error.
    if (args.remaining > 1) {
      throw new ReplyError(ERR.WRONG_ARITY("ping"));
    }
    return { message: args.hasMore() ? args.string() : undefined };
  },
  run: (_ctx, { message }) => (message === undefined ? reply.simple("PONG") : reply.bulk(message)),
});

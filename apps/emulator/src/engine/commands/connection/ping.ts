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
  since: "1.0.0",
  summary: "Returns the server's liveliness response.",
  complexity: "O(1)",
  parse: (args) => ({ message: args.hasMore() ? args.string() : undefined }),
  run: (_ctx, { message }) => (message === undefined ? reply.simple("PONG") : reply.bulk(message)),
});

import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * ECHO message: the message.
 * @see https://redis.io/commands/echo
 */
export const echo = defineCommand({
  name: "ECHO",
  group: "connection",
  arity: 2,
  flags: ["loading", "stale", "fast"],
  categories: ["connection"],
  traits: ["rest-served", "read-only-token-allowed"],
  since: "1.0.0",
  summary: "Returns the given string.",
  complexity: "O(1)",
  parse: (args) => ({ message: args.string() }),
  run: (_ctx, { message }) => reply.bulk(message),
});

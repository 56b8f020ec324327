import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * FUNCTION DELETE library-name: removes a library and its functions (the name is case-sensitive).
 * @see https://redis.io/commands/function-delete
 */
export const functionDelete = defineCommand({
  name: "FUNCTION|DELETE",
  group: "scripting",
  arity: 3,
  flags: ["write", "noscript"],
  categories: ["scripting"],
  since: "7.0.0",
  summary: "Deletes a library and its functions.",
  complexity: "O(1)",
  parse: (args) => ({ name: args.string() }),
  run: (ctx, { name }) => {
    if (!ctx.server.scripting.functions.delete(name)) {
      throw new ReplyError(ERR.LIBRARY_NOT_FOUND);
    }
    ctx.server.stats.dirty++;
    ctx.propagate(ctx.argv);
    return reply.ok();
  },
});

import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * FUNCTION FLUSH [ASYNC | SYNC]: deletes every library and resets the functions interpreter. Both
 * modes flush at once.
 * @see https://redis.io/commands/function-flush
 */
export const functionFlush = defineCommand({
  name: "FUNCTION|FLUSH",
  group: "scripting",
  arity: -2,
  flags: ["write", "noscript"],
  categories: ["scripting"],
  since: "7.0.0",
  summary: "Deletes all libraries and functions.",
  complexity: "O(N) where N is the number of functions deleted",
  parse: (args) => {
    const options = args.rest();
    if (options.length > 1) {
      throw new ReplyError(ERR.SUBCOMMAND_SYNTAX(args.argv[1] ?? "", "FUNCTION"));
    }
    const mode = options[0] === undefined ? undefined : asciiUpper(options[0]);
    if (mode !== undefined && mode !== "ASYNC" && mode !== "SYNC") {
      throw new ReplyError(ERR.FUNCTION_FLUSH_OPTION);
    }
    return undefined;
  },
  run: (ctx) => {
    ctx.server.scripting.functions.flush();
    ctx.server.stats.dirty++;
    ctx.propagate(ctx.argv);
    return reply.ok();
  },
});

import { validateConfigSet } from "../../config.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

/** Name/value pairs; an odd count is an arity error, as in `configSetCommand`. */
function parsePairs(args: Args): [string, string][] {
  if (args.remaining % 2 !== 0) {
    throw new ReplyError(ERR.WRONG_ARITY("config|set"));
  }
  const pairs: [string, string][] = [];
  while (args.hasMore()) {
    pairs.push([args.string(), args.string()]);
  }
  return pairs;
}

/**
 * CONFIG SET parameter value [parameter value ...]: sets every pair or none: all names and values
 * are checked (unknown, immutable, duplicate, invalid) before anything changes.
 * @see https://redis.io/commands/config-set
 */
export const configSet = defineCommand({
  name: "CONFIG|SET",
  group: "server",
  arity: -4,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "2.0.0",
  summary: "Sets configuration parameters in-flight.",
  complexity: "O(N) when N is the number of configuration parameters provided",
  parse: parsePairs,
  run: (ctx, pairs) => {
    for (const [name, value] of validateConfigSet(pairs)) {
      ctx.server.config.set(name, value);
    }
    return reply.ok();
  },
});

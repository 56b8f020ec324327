import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * SCRIPT FLUSH [ASYNC | SYNC]: empties the script cache and resets the EVAL interpreter (its
 * globals and loaded chunks). Both modes flush at once: the engine has nothing to do in the
 * background. Not logged, as Redis 7 does not replicate it either: scripts are not persisted.
 * @see https://redis.io/commands/script-flush
 */
export const scriptFlush = defineCommand({
  name: "SCRIPT|FLUSH",
  group: "scripting",
  arity: -2,
  flags: ["noscript"],
  categories: ["scripting"],
  since: "2.6.0",
  summary: "Removes all server-side Lua scripts from the script cache.",
  complexity: "O(N) with N being the number of scripts in cache",
  parse: (args) => {
    const options = args.rest();
    const mode = options[0] === undefined ? undefined : asciiUpper(options[0]);
    if (options.length > 1 || (mode !== undefined && mode !== "ASYNC" && mode !== "SYNC")) {
      throw new ReplyError(ERR.SCRIPT_FLUSH_OPTION);
    }
    return undefined;
  },
  run: (ctx) => {
    ctx.server.scripting.flushScripts();
    return reply.ok();
  },
});

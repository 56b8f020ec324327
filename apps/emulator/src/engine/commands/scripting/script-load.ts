import { ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { cacheScript } from "../../scripting/scripts.ts";
import { defineCommand } from "../define.ts";

/**
 * SCRIPT LOAD script: compiles and caches a script without running it; its SHA-1. Scripts loaded
 * this way are never evicted (only EVAL's are, past 500).
 * @see https://redis.io/commands/script-load
 */
export const scriptLoad = defineCommand({
  name: "SCRIPT|LOAD",
  group: "scripting",
  arity: 3,
  flags: ["noscript", "stale"],
  categories: ["scripting"],
  since: "2.6.0",
  summary: "Loads a server-side Lua script to the script cache.",
  complexity: "O(N) with N being the length in bytes of the script body.",
  parse: (args) => ({ body: args.string() }),
  run: (ctx, { body }) => {
    const loaded = cacheScript(ctx.server.scripting, { body, isFromEval: false });
    if (!loaded.ok) {
      throw new ReplyError(loaded.error);
    }
    return reply.bulk(loaded.script.sha);
  },
});

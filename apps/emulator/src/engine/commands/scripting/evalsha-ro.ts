import { ERR, ReplyError } from "../../errors.ts";
import { evalScript, scriptKeyPositions, splitKeys } from "../../scripting/scripts.ts";
import { defineCommand } from "../define.ts";

/**
 * EVALSHA_RO sha1 numkeys [key [key ...]] [arg [arg ...]]
 * EVALSHA for read-only scripts: writes fail, and scripts whose shebang lacks no-writes are refused.
 * @see https://redis.io/commands/evalsha_ro
 */
export const evalshaRo = defineCommand({
  name: "EVALSHA_RO",
  group: "scripting",
  arity: -3,
  flags: ["readonly", "noscript", "skip_monitor", "no_mandatory_keys", "stale"],
  categories: ["scripting"],
  movableKeys: scriptKeyPositions,
  since: "7.0.0",
  summary: "Executes a read-only server-side Lua script by SHA1 digest.",
  complexity: "Depends on the script that is executed.",
  parse: (args) => {
    const script = args.string();
    // A SHA-1 is 40 characters: anything else cannot match, before numkeys is even read.
    if (script.length !== 40) {
      throw new ReplyError(ERR.NOSCRIPT);
    }
    return { script, ...splitKeys(args.rest(), ERR.NOT_INTEGER) };
  },
  run: (ctx, { script, keys, args }) =>
    evalScript(ctx, { script, isSha: true, keys, args, isReadOnlyCommand: true }),
});

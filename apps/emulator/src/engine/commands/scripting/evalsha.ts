import { ERR, ReplyError } from "../../errors.ts";
import { evalScript, scriptKeyPositions, splitKeys } from "../../scripting/scripts.ts";
import { defineCommand } from "../define.ts";

/**
 * EVALSHA sha1 numkeys [key [key ...]] [arg [arg ...]]
 * Runs a cached script by its SHA-1 (case-insensitive); NOSCRIPT when it is not cached.
 * @see https://redis.io/commands/evalsha
 */
export const evalsha = defineCommand({
  name: "EVALSHA",
  group: "scripting",
  arity: -3,
  flags: ["noscript", "skip_monitor", "may_replicate", "no_mandatory_keys", "stale"],
  categories: ["scripting"],
  traits: ["read-only-token-denied"],
  movableKeys: scriptKeyPositions,
  since: "2.6.0",
  summary: "Executes a server-side Lua script by SHA1 digest.",
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
    evalScript(ctx, { script, isSha: true, keys, args, isReadOnlyCommand: false }),
});

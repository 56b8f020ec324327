import { ERR } from "../../errors.ts";
import { evalScript, scriptKeyPositions, splitKeys } from "../../scripting/scripts.ts";
import { defineCommand } from "../define.ts";

/**
 * EVAL_RO script numkeys [key [key ...]] [arg [arg ...]]
 * EVAL for read-only scripts: writes fail, and scripts whose shebang lacks no-writes are refused.
 * @see https://redis.io/commands/eval_ro
 */
export const evalRo = defineCommand({
  name: "EVAL_RO",
  group: "scripting",
  arity: -3,
  flags: ["readonly", "noscript", "skip_monitor", "no_mandatory_keys", "stale"],
  categories: ["scripting"],
  movableKeys: scriptKeyPositions,
  keySpecs: [
    {
      notes: "We cannot tell how the keys will be used so we assume the worst, RO and ACCESS",
      flags: ["RO", "access"],
      beginSearch: { index: 2 },
      findKeys: { keyNumIndex: 0, firstKey: 1, keyStep: 1 },
    },
  ],
  since: "7.0.0",
  summary: "Executes a read-only server-side Lua script.",
  complexity: "Depends on the script that is executed.",
  parse: (args) => {
    const script = args.string();
    return { script, ...splitKeys(args.rest(), ERR.NOT_INTEGER) };
  },
  run: (ctx, { script, keys, args }) =>
    evalScript(ctx, { script, isSha: false, keys, args, isReadOnlyCommand: true }),
});

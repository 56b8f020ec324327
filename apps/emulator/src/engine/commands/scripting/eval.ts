import { ERR } from "../../errors.ts";
import { evalScript, scriptKeyPositions, splitKeys } from "../../scripting/scripts.ts";
import { defineCommand } from "../define.ts";

/**
 * EVAL script numkeys [key [key ...]] [arg [arg ...]]
 * Runs a Lua script with KEYS and ARGV; it is cached under its SHA-1 for EVALSHA.
 * @see https://redis.io/commands/eval
 */
export const evalCommand = defineCommand({
  name: "EVAL",
  group: "scripting",
  arity: -3,
  flags: ["noscript", "skip_monitor", "may_replicate", "no_mandatory_keys", "stale"],
  categories: ["scripting"],
  traits: ["read-only-token-denied"],
  movableKeys: scriptKeyPositions,
  keySpecs: [
    {
      notes: "We cannot tell how the keys will be used so we assume the worst, RW and UPDATE",
      flags: ["RW", "access", "update"],
      beginSearch: { index: 2 },
      findKeys: { keyNumIndex: 0, firstKey: 1, keyStep: 1 },
    },
  ],
  since: "2.6.0",
  summary: "Executes a server-side Lua script.",
  complexity: "Depends on the script that is executed.",
  parse: (args) => {
    const script = args.string();
    return { script, ...splitKeys(args.rest(), ERR.NOT_INTEGER) };
  },
  run: (ctx, { script, keys, args }) =>
    evalScript(ctx, { script, isSha: false, keys, args, isReadOnlyCommand: false }),
});

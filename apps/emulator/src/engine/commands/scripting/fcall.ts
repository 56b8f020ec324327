import { callFunction, scriptKeyPositions } from "../../scripting/scripts.ts";
import { defineCommand } from "../define.ts";

/**
 * FCALL function numkeys [key [key ...]] [arg [arg ...]]
 * Calls a function of a loaded library (names compare case-insensitively) with its keys and arguments.
 * @see https://redis.io/commands/fcall
 */
export const fcall = defineCommand({
  name: "FCALL",
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
  since: "7.0.0",
  summary: "Invokes a function.",
  complexity: "Depends on the function that is executed.",
  parse: (args) => ({ name: args.string(), rest: args.rest() }),
  run: (ctx, { name, rest }) => callFunction(ctx, { name, rest, isReadOnlyCommand: false }),
});

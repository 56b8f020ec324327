import { callFunction, scriptKeyPositions } from "../../scripting/scripts.ts";
import { defineCommand } from "../define.ts";

/**
 * FCALL_RO function numkeys [key [key ...]] [arg [arg ...]]
 * FCALL where writes fail. As the service does (kv-rest-wire.md §13.2.3), it also runs functions
 * without the no-writes flag, which Redis refuses to call.
 * @see https://redis.io/commands/fcall_ro
 */
export const fcallRo = defineCommand({
  name: "FCALL_RO",
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
  summary: "Invokes a read-only function.",
  complexity: "Depends on the function that is executed.",
  parse: (args) => ({ name: args.string(), rest: args.rest() }),
  run: (ctx, { name, rest }) => callFunction(ctx, { name, rest, isReadOnlyCommand: true }),
});

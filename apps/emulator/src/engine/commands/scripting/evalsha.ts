import { ERR, ReplyError } from "../../errors.ts";
import { evalScript, scriptKeyPositions, splitKeys } from "../../scripting/scripts.ts";
import { type Command, defineCommand } from "../define.ts";

/**
 * EVALSHA sha1 numkeys [key [key ...]] [arg [arg ...]]
 * Runs a cached script by its SHA-1 (case-insensitive); NOSCRIPT when it is not cached.
 * @see https://redis.io/commands/evalsha
 */
export const evalsha = defineEvalsha({
  name: "EVALSHA",
  isReadOnly: false,
  since: "2.6.0",
  summary: "Executes a server-side Lua script by SHA1 digest.",
});

/**
 * EVALSHA and EVALSHA_RO: one definition. The read-only one is a `readonly` command without
 * `may_replicate`, and the scripts it runs may not write.
 */
export function defineEvalsha(spec: {
  readonly name: "EVALSHA" | "EVALSHA_RO";
  readonly isReadOnly: boolean;
  readonly since: string;
  readonly summary: string;
}): Command {
  const { isReadOnly } = spec;
  return defineCommand({
    name: spec.name,
    group: "scripting",
    arity: -3,
    flags: isReadOnly
      ? ["readonly", "noscript", "skip_monitor", "no_mandatory_keys", "stale"]
      : ["noscript", "skip_monitor", "may_replicate", "no_mandatory_keys", "stale"],
    categories: ["scripting"],
    traits: isReadOnly ? [] : ["read-only-token-denied"],
    movableKeys: scriptKeyPositions,
    keySpecs: [
      isReadOnly
        ? {
            flags: ["RO", "access"],
            beginSearch: { index: 2 },
            findKeys: { keyNumIndex: 0, firstKey: 1, keyStep: 1 },
          }
        : {
            notes: "We cannot tell how the keys will be used so we assume the worst, RW and UPDATE",
            flags: ["RW", "access", "update"],
            beginSearch: { index: 2 },
            findKeys: { keyNumIndex: 0, firstKey: 1, keyStep: 1 },
          },
    ],
    since: spec.since,
    summary: spec.summary,
    complexity: "Depends on the script that is executed.",
    parse: (args) => {
      const script = args.string();
      // A SHA-1 is 40 characters: anything else cannot match, before numkeys is even read.
      if (script.length !== 40) {
        throw new ReplyError(ERR.NOSCRIPT);
      }
      // Keys and arguments are sliced from argv itself (numkeys at 2), not from a copy of the rest.
      args.skipRest();
      const { keys, args: values } = splitKeys(args.argv, ERR.NOT_INTEGER, 2);
      return { script, keys, args: values };
    },
    run: (ctx, { script, keys, args }) =>
      evalScript(ctx, { script, isSha: true, keys, args, isReadOnlyCommand: isReadOnly }),
  });
}

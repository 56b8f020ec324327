import { reply } from "../../reply.ts";
import type { ListEnd } from "../../values/list.ts";
import { type Command, defineCommand } from "../define.ts";
import { pushValues } from "./_list-operations.ts";

/**
 * LPUSH key element [element ...]: prepends the elements one by one (so the last ends up first),
 * creating the list; the new length.
 * @see https://redis.io/commands/lpush
 */
export const lpush = definePush({
  name: "LPUSH",
  end: "left",
  summary: "Prepends one or more elements to a list. Creates the key if it doesn't exist.",
});

/** LPUSH and RPUSH: one definition; they differ in the end they push to. */
export function definePush(spec: {
  readonly name: "LPUSH" | "RPUSH";
  readonly end: ListEnd;
  readonly summary: string;
}): Command {
  const { end } = spec;
  return defineCommand({
    name: spec.name,
    group: "list",
    arity: -3,
    flags: ["write", "denyoom", "fast"],
    categories: ["list"],
    keys: { first: 1, last: 1, step: 1 },
    keySpecs: [
      {
        flags: ["RW", "insert"],
        beginSearch: { index: 1 },
        findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
      },
    ],
    since: "1.0.0",
    summary: spec.summary,
    complexity:
      "O(1) for each element added, so O(N) to add N elements when the command is called with multiple arguments.",
    parse: (args) => ({ key: args.key(), values: args.rest() }),
    run: (ctx, { key, values }) => reply.integer(pushValues(ctx, key, { values, end }).length),
  });
}

import type { ListEnd } from "../../values/list.ts";
import { type Command, defineCommand } from "../define.ts";
import { parsePop, runPop } from "./_list-operations.ts";

/**
 * LPOP key [count]: removes and returns the first element, or with `count` up to that many as an
 * array; the list is deleted once empty.
 * @see https://redis.io/commands/lpop
 */
export const lpop = definePop({
  name: "LPOP",
  end: "left",
  summary:
    "Returns the first elements in a list after removing it. Deletes the list if the last element was popped.",
});

/** LPOP and RPOP: one definition; they differ in the end they pop from. */
export function definePop(spec: {
  readonly name: "LPOP" | "RPOP";
  readonly end: ListEnd;
  readonly summary: string;
}): Command {
  const { end } = spec;
  const lowerName = spec.name.toLowerCase();
  return defineCommand({
    name: spec.name,
    group: "list",
    arity: -2,
    flags: ["write", "fast"],
    categories: ["list"],
    keys: { first: 1, last: 1, step: 1 },
    keySpecs: [
      {
        flags: ["RW", "access", "delete"],
        beginSearch: { index: 1 },
        findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
      },
    ],
    since: "1.0.0",
    summary: spec.summary,
    complexity: "O(N) where N is the number of elements returned",
    parse: (args) => parsePop(args, lowerName),
    run: (ctx, parsed) => runPop(ctx, { ...parsed, end }),
  });
}

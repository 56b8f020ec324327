import { defineCommand } from "../define.ts";
import { moveElement, parseListEnd } from "./_list-operations.ts";

/**
 * LMOVE source destination LEFT|RIGHT LEFT|RIGHT: pops from one end of `source` and pushes to an
 * end of `destination` (which may be the same list); the element, or nil when `source` is absent.
 * @see https://redis.io/commands/lmove
 */
export const lmove = defineCommand({
  name: "LMOVE",
  group: "list",
  arity: 5,
  flags: ["write", "denyoom"],
  categories: ["list"],
  keys: { first: 1, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      flags: ["RW", "insert"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "6.2.0",
  summary:
    "Returns an element after popping it from one list and pushing it to another. Deletes the list if the last element was moved.",
  complexity: "O(1)",
  parse: (args) => ({
    source: args.key(),
    destination: args.key(),
    from: parseListEnd(args),
    to: parseListEnd(args),
  }),
  run: (ctx, move) => moveElement(ctx, move),
});

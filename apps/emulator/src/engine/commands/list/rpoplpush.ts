import { defineCommand } from "../define.ts";
import { moveElement } from "./_list-operations.ts";

/**
 * RPOPLPUSH source destination: LMOVE source destination RIGHT LEFT.
 * @see https://redis.io/commands/rpoplpush
 */
export const rpoplpush = defineCommand({
  name: "RPOPLPUSH",
  group: "list",
  arity: 3,
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
  since: "1.2.0",
  summary:
    "Returns the last element of a list after removing and pushing it to another list. Deletes the list if the last element was popped.",
  complexity: "O(1)",
  parse: (args) => ({ source: args.key(), destination: args.key() }),
  run: (ctx, { source, destination }) =>
    moveElement(ctx, { source, destination, from: "right", to: "left" }),
});

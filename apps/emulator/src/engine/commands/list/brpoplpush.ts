import { defineCommand } from "../define.ts";
import { blockingMove } from "./_list-operations.ts";

/**
 * BRPOPLPUSH source destination timeout: RPOPLPUSH, or blocks until `source` has an element or
 * `timeout` seconds pass (0: forever), then answers nil. Logged as RPOPLPUSH.
 * @see https://redis.io/commands/brpoplpush
 */
export const brpoplpush = defineCommand({
  name: "BRPOPLPUSH",
  group: "list",
  arity: 4,
  flags: ["write", "denyoom", "noscript", "blocking"],
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
  since: "2.2.0",
  summary:
    "Pops an element from a list, pushes it to another list and returns it. Block until an element is available otherwise. Deletes the list if the last element was popped.",
  complexity: "O(1)",
  parse: (args) => ({ source: args.key(), destination: args.key(), timeout: args.string() }),
  run: (ctx, { source, destination, timeout }) =>
    blockingMove(ctx, {
      source,
      destination,
      from: "right",
      to: "left",
      timeout,
      effect: ["RPOPLPUSH", source, destination],
    }),
});

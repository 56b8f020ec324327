import { defineCommand } from "../define.ts";
import { blockingMove, listEndName, parseListEnd } from "./_list-operations.ts";

/**
 * BLMOVE source destination LEFT|RIGHT LEFT|RIGHT timeout: LMOVE, or blocks until `source` has an
 * element or `timeout` seconds pass (0: forever), then answers nil. Logged as LMOVE.
 * @see https://redis.io/commands/blmove
 */
export const blmove = defineCommand({
  name: "BLMOVE",
  group: "list",
  arity: 6,
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
  since: "6.2.0",
  summary:
    "Pops an element from a list, pushes it to another list and returns it. Blocks until an element is available otherwise. Deletes the list if the last element was moved.",
  complexity: "O(1)",
  parse: (args) => ({
    source: args.key(),
    destination: args.key(),
    from: parseListEnd(args),
    to: parseListEnd(args),
    timeout: args.string(),
  }),
  run: (ctx, move) =>
    blockingMove(ctx, {
      ...move,
      effect: [
        "LMOVE",
        move.source,
        move.destination,
        listEndName(move.from),
        listEndName(move.to),
      ],
    }),
});

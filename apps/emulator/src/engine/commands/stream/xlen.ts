import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { lookupStream } from "./_stream-arguments.ts";

/**
 * XLEN key: the number of entries (0 for a missing key).
 * @see https://redis.io/commands/xlen
 */
export const xlen = defineCommand({
  name: "XLEN",
  group: "stream",
  arity: 2,
  flags: ["readonly", "fast"],
  categories: ["stream"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 1 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "5.0.0",
  summary: "Return the number of messages in a stream.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => reply.integer(lookupStream(ctx, key)?.length ?? 0),
});

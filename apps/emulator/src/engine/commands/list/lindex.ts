import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { lookupList } from "./_list-operations.ts";

/**
 * LINDEX key index: the element at `index` (negative counts from the tail), or nil.
 * @see https://redis.io/commands/lindex
 */
export const lindex = defineCommand({
  name: "LINDEX",
  group: "list",
  arity: 3,
  flags: ["readonly"],
  categories: ["list"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Returns an element from a list by its index.",
  complexity:
    "O(N) where N is the number of elements to traverse to get to the element at index. This makes asking for the first or the last element of the list O(1).",
  parse: (args) => ({ key: args.key(), index: args.string() }),
  run: (ctx, { key, index }) => {
    // Redis looks the key up before it reads the index: a missing key is nil even for "abc".
    const list = lookupList(ctx, key);
    if (list === undefined) {
      return reply.null();
    }
    const parsed = parseIntegerArg(index);
    if (parsed === undefined) {
      throw new ReplyError(ERR.NOT_INTEGER);
    }
    // Indexes beyond 2^53 are out of any list's range either way.
    const position = Number(parsed);
    return reply.bulkOrNull(list.at(position < 0 ? list.length + position : position));
  },
});

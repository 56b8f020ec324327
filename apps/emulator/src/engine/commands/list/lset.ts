import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import { listFill } from "../../values/list.ts";
import { defineCommand } from "../define.ts";
import { lookupList } from "./_list-operations.ts";

/**
 * LSET key index element: replaces the element at `index` (negative counts from the tail).
 * @see https://redis.io/commands/lset
 */
export const lset = defineCommand({
  name: "LSET",
  group: "list",
  arity: 4,
  flags: ["write", "denyoom"],
  categories: ["list"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Sets the value of an element in a list by its index.",
  complexity:
    "O(N) where N is the length of the list. Setting either the first or the last element of the list is O(1).",
  parse: (args) => ({ key: args.key(), index: args.string(), value: args.string() }),
  run: (ctx, { key, index, value }) => {
    // Redis checks the key, then its type, then the index.
    const list = lookupList(ctx, key);
    if (list === undefined) {
      throw new ReplyError(ERR.NO_SUCH_KEY);
    }
    const parsed = parseIntegerArg(index);
    if (parsed === undefined) {
      throw new ReplyError(ERR.NOT_INTEGER);
    }
    const fill = listFill(ctx.server.config);
    // As in Redis, the growth check counts the new element as an addition, even if out of range.
    list.convertBeforeGrowing(fill, [value]);
    const position = Number(parsed) < 0 ? list.length + Number(parsed) : Number(parsed);
    if (!list.set(position, value)) {
      throw new ReplyError(ERR.OUT_OF_RANGE);
    }
    ctx.modified(key, "lset", "l");
    list.convertAfterShrinking(fill);
    return reply.ok();
  },
});

import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { listFill } from "../../values/list.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";
import { lookupList } from "./_list-operations.ts";

function parseLinsert(args: Args): {
  key: string;
  isAfter: boolean;
  pivot: string;
  value: string;
} {
  const key = args.key();
  const where = args.token();
  if (where !== "BEFORE" && where !== "AFTER") {
    throw new ReplyError(ERR.SYNTAX);
  }
  return { key, isAfter: where === "AFTER", pivot: args.string(), value: args.string() };
}

/**
 * LINSERT key BEFORE|AFTER pivot element: inserts next to the first `pivot` from the head; the new
 * length, -1 when the pivot is missing, 0 when the key is.
 * @see https://redis.io/commands/linsert
 */
export const linsert = defineCommand({
  name: "LINSERT",
  group: "list",
  arity: 5,
  flags: ["write", "denyoom"],
  categories: ["list"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "insert"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.2.0",
  summary: "Inserts an element before or after another element in a list.",
  complexity:
    "O(N) where N is the number of elements to traverse before seeing the value pivot. This means that inserting somewhere on the left end on the list (head) can be considered O(1) and inserting somewhere on the right end (tail) is O(N).",
  parse: parseLinsert,
  run: (ctx, { key, isAfter, pivot, value }) => {
    const list = lookupList(ctx, key);
    if (list === undefined) {
      return reply.integer(0);
    }
    // Redis converts before searching, assuming the insert will happen.
    list.convertBeforeGrowing(listFill(ctx.server.config), [value]);
    for (let index = 0; index < list.length; index++) {
      if (list.at(index) === pivot) {
        list.insert(isAfter ? index + 1 : index, value);
        ctx.modified(key, "linsert", "l");
        return reply.integer(list.length);
      }
    }
    return reply.integer(-1);
  },
});

import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import { integerArg, parseJsonArg } from "../../values/json/arguments.ts";
import { cloneJson, getJsonDocument, type JsonValue } from "../../values/json/value.ts";
import { selectValues } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.ARRINSERT key path index value [value ...]: inserts the values before `index` (negative
 * counts from the end; the length appends) in every array the path selects; the new lengths (nil
 * for other types). An index outside the array is `ERR index out of bounds`.
 * @see https://redis.io/commands/json.arrinsert
 */
export const jsonArrinsert = defineCommand({
  name: "JSON.ARRINSERT",
  group: "json",
  arity: -1,
  flags: ["write", "denyoom"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Inserts the JSON scalar(s) value at the specified index in the array at path",
  complexity:
    "O(N) when path is evaluated to a single value where N is the size of the array, O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.arrinsert");
    const path = parsePathArg(requiredArg(args, "json.arrinsert"));
    const index = integerArg(requiredArg(args, "json.arrinsert"));
    if (!args.hasMore()) {
      throw new ReplyError(ERR.WRONG_ARITY("json.arrinsert"));
    }
    return { key, path, index, values: args.rest().map(parseJsonArg) };
  },
  run: (ctx, { key, path, index, values }) => {
    const document = getJsonDocument(ctx.db, key);
    if (document === undefined) {
      throw new ReplyError(ERR.JSON_NO_SUCH_KEY);
    }
    const targets = selectValues(compilePath(path.text), document.root);
    // Emulator difference: every position is checked before any array changes, so an error leaves
    // the key as it was (RedisJSON keeps the insertions it made before the failing one).
    const lengths = new Map<JsonValue[], number>();
    const positions = targets.map((target) => {
      if (!Array.isArray(target)) {
        return undefined;
      }
      const length = lengths.get(target) ?? target.length;
      const position = index < 0 ? length + index : index;
      if (position < 0 || position > length) {
        throw new ReplyError(ERR.JSON_INDEX_OUT_OF_BOUNDS);
      }
      lengths.set(target, length + values.length);
      return position;
    });
    const replies: Reply[] = [];
    let last: number | undefined;
    targets.forEach((target, i) => {
      const position = positions[i];
      if (!Array.isArray(target) || position === undefined) {
        replies.push(reply.null());
        return;
      }
      target.splice(position, 0, ...values.map(cloneJson));
      last = target.length;
      replies.push(reply.integer(last));
    });
    if (last !== undefined) {
      ctx.modified(key, "json.arrinsert", "d");
    }
    if (!path.isLegacy) {
      return reply.array(replies);
    }
    if (last === undefined) {
      throw new ReplyError(ERR.JSON_PATH_NOT_FOUND_OR(path.text, "not an array"));
    }
    return reply.integer(last);
  },
});

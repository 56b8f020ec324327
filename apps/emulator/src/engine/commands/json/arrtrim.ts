import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import { integerArg } from "../../values/json/arguments.ts";
import { getJsonDocument, type JsonValue } from "../../values/json/value.ts";
import { selectValues } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.ARRTRIM key path start stop: keeps only the elements from `start` to `stop` (inclusive;
 * negative counts from the end, out-of-range indexes clamp) of every array the path selects; the
 * new lengths (nil for other types). `start` past the end or after `stop` empties the array.
 * @see https://redis.io/commands/json.arrtrim
 */
export const jsonArrtrim = defineCommand({
  name: "JSON.ARRTRIM",
  group: "json",
  arity: -1,
  flags: ["write"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary:
    "Trims the array at path to contain only the specified inclusive range of indices from start to stop",
  complexity:
    "O(N) when path is evaluated to a single value where N is the size of the array, O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.arrtrim");
    const path = parsePathArg(requiredArg(args, "json.arrtrim"));
    const start = integerArg(requiredArg(args, "json.arrtrim"));
    const stop = integerArg(requiredArg(args, "json.arrtrim"));
    args.rest();
    return { key, path, range: { start, stop } };
  },
  run: (ctx, { key, path, range }) => {
    const document = getJsonDocument(ctx.db, key);
    if (document === undefined) {
      throw new ReplyError(ERR.JSON_NO_SUCH_KEY);
    }
    const lengths: Reply[] = [];
    let last: number | undefined;
    for (const target of selectValues(compilePath(path.text), document.root)) {
      if (!Array.isArray(target)) {
        lengths.push(reply.null());
        continue;
      }
      trim(target, range);
      last = target.length;
      lengths.push(reply.integer(last));
    }
    if (last !== undefined) {
      ctx.modified(key, "json.arrtrim", "d");
    }
    if (!path.isLegacy) {
      return reply.array(lengths);
    }
    if (last === undefined) {
      throw new ReplyError(ERR.JSON_PATH_NOT_FOUND_OR(path.text, "not an array"));
    }
    return reply.integer(last);
  },
});

/** RedisJSON's `ArrayIndex::normalize`: negative from the end, clamped into the array. */
function normalize(index: number, length: number): number {
  if (index < 0) {
    return length - Math.min(length, -index);
  }
  return length > 0 ? Math.min(length - 1, index) : 0;
}

/** RedisJSON's `arr_trim`. */
function trim(array: JsonValue[], range: { readonly start: number; readonly stop: number }): void {
  const length = array.length;
  const stop = normalize(range.stop, length);
  const start = range.start < 0 || range.start < length ? normalize(range.start, length) : stop + 1;
  if (start > stop || length === 0) {
    array.length = 0;
    return;
  }
  array.splice(stop + 1);
  array.splice(0, start);
}

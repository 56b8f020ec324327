import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import { integerArg, parseStrictJsonArg, textArg } from "../../values/json/arguments.ts";
import {
  getJsonDocument,
  type JsonValue,
  jsonStrictEqual,
  jsonTypeName,
} from "../../values/json/value.ts";
import { selectValues } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.ARRINDEX key path value [start [stop]]: the first position of `value` in every array the
 * path selects, searching `start` (inclusive) to `stop` (exclusive; 0 means the end), negative
 * indexes counting from the end; -1 when absent, nil for other types. Integers and floats never
 * equal each other (`1` is not found in `[1.0]`).
 * @see https://redis.io/commands/json.arrindex
 */
export const jsonArrindex = defineCommand({
  name: "JSON.ARRINDEX",
  group: "json",
  arity: -1,
  flags: ["readonly"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Returns the index of the first occurrence of a JSON scalar value in the array at path",
  complexity:
    "O(N) when path is evaluated to a single value where N is the size of the array, O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.arrindex");
    const path = parsePathArg(requiredArg(args, "json.arrindex"));
    const text = textArg(requiredArg(args, "json.arrindex"));
    const start = args.hasMore() ? integerArg(args.string()) : 0;
    const stop = args.hasMore() ? integerArg(args.string()) : 0;
    if (args.hasMore()) {
      throw new ReplyError(ERR.WRONG_ARITY("json.arrindex"));
    }
    return { key, path, value: parseStrictJsonArg(text), range: { start, stop } };
  },
  run: ({ db }, { key, path, value, range }) => {
    const document = getJsonDocument(db, key);
    if (document === undefined) {
      throw new ReplyError(ERR.JSON_PATH_NOT_FOUND(path.original));
    }
    const targets = selectValues(compilePath(path.text), document.root);
    if (!path.isLegacy) {
      return reply.array(
        targets.map(
          (target): Reply =>
            Array.isArray(target)
              ? reply.integer(indexIn(target, { value, ...range }))
              : reply.null(),
        ),
      );
    }
    const [first] = targets;
    if (first === undefined) {
      throw new ReplyError(ERR.JSON_PATH_NOT_FOUND(path.text));
    }
    if (!Array.isArray(first)) {
      throw new ReplyError(ERR.JSON_WRONG_PATH_TYPE("array", jsonTypeName(first)));
    }
    return reply.integer(indexIn(first, { value, ...range }));
  },
});

/** RedisJSON's `arr_first_index_single` with `normalize_arr_indices`. */
function indexIn(
  array: readonly JsonValue[],
  search: { readonly value: JsonValue; readonly start: number; readonly stop: number },
): number {
  const length = array.length;
  if (length === 0) {
    return -1;
  }
  const start =
    search.start < 0 ? Math.max(0, length + search.start) : Math.min(search.start, length - 1);
  let end: number;
  if (search.stop === 0) {
    end = length;
  } else if (search.stop < 0) {
    end = Math.max(0, length + search.stop);
  } else {
    end = Math.min(search.stop, length);
  }
  for (let i = start; i < end; i++) {
    if (jsonStrictEqual(array[i] as JsonValue, search.value)) {
      return i;
    }
  }
  return -1;
}

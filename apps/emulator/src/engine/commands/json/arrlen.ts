import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { isValidUtf8 } from "../../values/json/arguments.ts";
import { getJsonDocument } from "../../values/json/value.ts";
import { selectValues } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { LEGACY_ROOT, parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.ARRLEN key [path]: the length of every array the path selects (nil for other types); a
 * legacy path gives the first match's length, erroring when that is missing or not an array.
 * @see https://redis.io/commands/json.arrlen
 */
export const jsonArrlen = defineCommand({
  name: "JSON.ARRLEN",
  group: "json",
  arity: -1,
  flags: ["readonly"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Returns the length of the array at path",
  complexity:
    "O(1) where path is evaluated to a single value, O(N) where path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.arrlen");
    const arg = args.hasMore() ? args.string() : undefined;
    args.rest();
    return { key, path: arg !== undefined && isValidUtf8(arg) ? parsePathArg(arg) : LEGACY_ROOT };
  },
  run: ({ db }, { key, path }) => {
    const document = getJsonDocument(db, key);
    if (document === undefined) {
      if (path.isLegacy) {
        return reply.null();
      }
      throw new ReplyError(ERR.JSON_NO_SUCH_KEY);
    }
    const values = selectValues(compilePath(path.text), document.root);
    if (!path.isLegacy) {
      return reply.array(
        values.map((value) => (Array.isArray(value) ? reply.integer(value.length) : reply.null())),
      );
    }
    const [first] = values;
    if (!Array.isArray(first)) {
      throw new ReplyError(ERR.JSON_PATH_NOT_FOUND_OR(path.original, "not an array"));
    }
    return reply.integer(first.length);
  },
});

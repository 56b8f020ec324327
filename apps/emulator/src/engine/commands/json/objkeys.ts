import { utf8ToBinary } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { isValidUtf8 } from "../../values/json/arguments.ts";
import { getJsonDocument, JsonObject, type JsonValue } from "../../values/json/value.ts";
import { selectValues } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { LEGACY_ROOT, parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.OBJKEYS key [path]: the member names of every object the path selects (nil for other
 * types); a legacy path gives the first match's names, nil when there is none, and an error when
 * it is not an object.
 * @see https://redis.io/commands/json.objkeys
 */
export const jsonObjkeys = defineCommand({
  name: "JSON.OBJKEYS",
  group: "json",
  arity: -1,
  flags: ["readonly"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary:
    "Returns the key names of JSON objects located at the paths that match a given path expression",
  complexity:
    "O(N) when path is evaluated to a single value, where N is the number of keys in the object, O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.objkeys");
    const arg = args.hasMore() ? args.string() : undefined;
    args.rest();
    return { key, path: arg !== undefined && isValidUtf8(arg) ? parsePathArg(arg) : LEGACY_ROOT };
  },
  run: ({ db }, { key, path }) => {
    const document = getJsonDocument(db, key);
    if (!path.isLegacy) {
      if (document === undefined) {
        throw new ReplyError(ERR.JSON_NO_SUCH_KEY);
      }
      const values = selectValues(compilePath(path.text), document.root);
      return reply.array(
        values.map((value) => (value instanceof JsonObject ? names(value) : reply.null())),
      );
    }
    if (document === undefined) {
      return reply.null();
    }
    let first: JsonValue | undefined;
    try {
      [first] = selectValues(compilePath(path.text), document.root);
    } catch (error: unknown) {
      // A legacy path that does not compile is just nil here.
      if (error instanceof ReplyError) {
        return reply.null();
      }
      throw error;
    }
    if (first === undefined) {
      return reply.null();
    }
    if (!(first instanceof JsonObject)) {
      throw new ReplyError(ERR.JSON_PATH_NOT_FOUND_OR(path.text, "not an object"));
    }
    return names(first);
  },
});

function names(object: JsonObject) {
  return reply.bulks(object.keys.map(utf8ToBinary));
}

import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { isValidUtf8 } from "../../values/json/arguments.ts";
import { getJsonDocument, jsonTypeName } from "../../values/json/value.ts";
import { selectValues } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { LEGACY_ROOT, parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.STRLEN key [path]: the length in bytes of each string match (nil for other types); a legacy
 * path gives the first match's length and errors when it is missing or not a string.
 * @see https://redis.io/commands/json.strlen
 */
export const jsonStrlen = defineCommand({
  name: "JSON.STRLEN",
  group: "json",
  arity: -1,
  flags: ["readonly"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Returns the length of JSON strings at the paths matching a given path expression",
  complexity:
    "O(1) when path is evaluated to a single value, O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.strlen");
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
        values.map((value) =>
          typeof value === "string" ? reply.integer(Buffer.byteLength(value)) : reply.null(),
        ),
      );
    }
    const [first] = values;
    if (first === undefined) {
      throw new ReplyError(ERR.JSON_PATH_NOT_FOUND(path.text));
    }
    if (typeof first !== "string") {
      throw new ReplyError(ERR.JSON_WRONG_PATH_TYPE("string", jsonTypeName(first)));
    }
    return reply.integer(Buffer.byteLength(first));
  },
});

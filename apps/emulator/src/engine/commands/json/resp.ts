import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { jsonToResp } from "../../values/json/replies.ts";
import { getJsonDocument } from "../../values/json/value.ts";
import { selectValues } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { LEGACY_ROOT, parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.RESP key [path]: the value in RESP form: nil for null, simple strings `true` / `false`,
 * integers, doubles, bulk strings, and arrays led by `[` (arrays) or `{` (objects, then member
 * names and values alternating). JSONPath gives one such reply per match.
 * @see https://redis.io/commands/json.resp
 */
export const jsonResp = defineCommand({
  name: "JSON.RESP",
  group: "json",
  arity: -1,
  flags: ["readonly"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Returns the JSON value at path in Redis Serialization Protocol (RESP)",
  complexity:
    "O(N) when path is evaluated to a single value, where N is the size of the value, O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.resp");
    const path = args.hasMore() ? parsePathArg(args.string()) : LEGACY_ROOT;
    args.rest();
    return { key, path };
  },
  run: ({ db }, { key, path }) => {
    const document = getJsonDocument(db, key);
    if (document === undefined) {
      return reply.null();
    }
    const values = selectValues(compilePath(path.text), document.root);
    if (!path.isLegacy) {
      return reply.array(values.map(jsonToResp));
    }
    const [first] = values;
    if (first === undefined) {
      throw new ReplyError(ERR.JSON_PATH_NOT_FOUND(path.text));
    }
    return jsonToResp(first);
  },
});

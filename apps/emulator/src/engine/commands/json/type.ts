import { utf8ToBinary } from "../../bytes.ts";
import { ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { isValidUtf8 } from "../../values/json/arguments.ts";
import { getJsonDocument, jsonTypeName } from "../../values/json/value.ts";
import { selectValues } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { LEGACY_ROOT, parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.TYPE key [path]: the type of each match (`null`, `boolean`, `integer`, `number`, `string`,
 * `array`, `object`); a legacy path gives the first match's type, or nil.
 * @see https://redis.io/commands/json.type
 */
export const jsonType = defineCommand({
  name: "JSON.TYPE",
  group: "json",
  arity: -1,
  flags: ["readonly"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Returns the type of the JSON value at path",
  complexity:
    "O(1) when path is evaluated to a single value, O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.type");
    // An optional path that is not UTF-8 text falls back to the root, as in RedisJSON.
    const arg = args.hasMore() ? args.string() : undefined;
    args.rest();
    return { key, path: arg !== undefined && isValidUtf8(arg) ? parsePathArg(arg) : LEGACY_ROOT };
  },
  run: ({ db }, { key, path }) => {
    const document = getJsonDocument(db, key);
    if (document === undefined) {
      return reply.null();
    }
    if (!path.isLegacy) {
      const values = selectValues(compilePath(path.text), document.root);
      return reply.bulks(values.map(jsonTypeName));
    }
    try {
      const [first] = selectValues(compilePath(path.text), document.root);
      return first === undefined ? reply.null() : reply.bulk(utf8ToBinary(jsonTypeName(first)));
    } catch (error: unknown) {
      // A legacy path that does not compile is just nil here.
      if (error instanceof ReplyError) {
        return reply.null();
      }
      throw error;
    }
  },
});

import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { updateAt } from "../../values/json/locations.ts";
import {
  getJsonDocument,
  isJsonNumber,
  JsonObject,
  type JsonValue,
  jsonNumberToDouble,
} from "../../values/json/value.ts";
import { selectMatches } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { LEGACY_ROOT, parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.CLEAR key [path]: empties every non-empty array and object the path selects and sets every
 * non-zero number to 0; how many values changed. Other values are left alone.
 * @see https://redis.io/commands/json.clear
 */
export const jsonClear = defineCommand({
  name: "JSON.CLEAR",
  group: "json",
  arity: -1,
  flags: ["write"],
  keys: { first: 1, last: 1, step: 1 },
  since: "2.0.0",
  summary: "Clears all values from an array or an object and sets numeric values to `0`",
  complexity:
    "O(N) when path is evaluated to a single value where N is the size of the values, O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.clear");
    const path = args.hasMore() ? parsePathArg(args.string()) : LEGACY_ROOT;
    args.rest();
    return { key, path };
  },
  run: (ctx, { key, path }) => {
    const document = getJsonDocument(ctx.db, key);
    if (document === undefined) {
      throw new ReplyError(ERR.JSON_NO_SUCH_KEY);
    }
    let cleared = 0;
    for (const match of selectMatches(compilePath(path.text), document.root)) {
      if (!isClearable(match.value)) {
        continue;
      }
      // The value is looked at again: clearing a container earlier may have removed this one.
      const changed = updateAt(document, match.path, (current) => {
        if (Array.isArray(current)) {
          current.length = 0;
        } else if (current instanceof JsonObject) {
          current.clear();
        } else if (isJsonNumber(current)) {
          return 0;
        }
        return current;
      });
      if (changed) {
        cleared++;
      }
    }
    if (cleared > 0) {
      ctx.modified(key, "json.clear", "d");
    }
    return reply.integer(cleared);
  },
});

/** What JSON.CLEAR would change: non-empty containers and non-zero numbers. */
function isClearable(value: JsonValue): boolean {
  if (Array.isArray(value)) {
    return value.length > 0;
  }
  if (value instanceof JsonObject) {
    return value.size > 0;
  }
  return isJsonNumber(value) && jsonNumberToDouble(value) !== 0;
}

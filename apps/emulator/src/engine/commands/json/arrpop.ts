import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import { textArg } from "../../values/json/arguments.ts";
import { jsonBulk } from "../../values/json/replies.ts";
import { getJsonDocument } from "../../values/json/value.ts";
import { selectValues } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { type JsonPathArg, LEGACY_ROOT, parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

const REPLY_FORMATS = new Set(["STRING", "STRINGS", "EXPAND1", "EXPAND"]);

/**
 * JSON.ARRPOP key [path [index]]: removes and returns (serialised) the element at `index`
 * (default -1, the last; out-of-range indexes clamp to the ends) of every array the path selects;
 * nil for an empty array or another type. Without a path, the root's last element.
 * @see https://redis.io/commands/json.arrpop
 */
export const jsonArrpop = defineCommand({
  name: "JSON.ARRPOP",
  group: "json",
  arity: -1,
  flags: ["write"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Removes and returns the element at the specified index in the array at path",
  complexity:
    "O(N) when path is evaluated to a single value where N is the size of the array and the specified index is not the last element, O(1) when path is evaluated to a single value and the specified index is the last element, or O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.arrpop");
    let path: JsonPathArg = LEGACY_ROOT;
    // Without a path, the last element of the root.
    let index = Number.POSITIVE_INFINITY;
    if (args.hasMore()) {
      let arg = args.string();
      if (asciiUpper(textArg(arg)) === "FORMAT" && args.hasMore()) {
        // FORMAT shapes RESP3 replies only; on RESP2 every FORMAT is refused.
        const format = textArg(args.string());
        if (!REPLY_FORMATS.has(format) || format === "STRING") {
          throw new ReplyError(ERR.JSON_WRONG_REPLY_FORMAT);
        }
        throw new ReplyError(ERR.JSON_FORMAT_RESP2);
      }
      path = parsePathArg(arg);
      arg = args.hasMore() ? args.string() : "";
      // An index that is missing or not an integer means -1, as in RedisJSON.
      index = Number(parseIntegerArg(arg) ?? -1);
    }
    args.rest();
    return { key, path, index };
  },
  run: (ctx, { key, path, index }) => {
    const document = getJsonDocument(ctx.db, key);
    if (document === undefined) {
      throw new ReplyError(ERR.JSON_NO_SUCH_KEY);
    }
    const popped: Reply[] = [];
    // The reply for the last array (a legacy path answers that one).
    let lastArray: Reply | undefined;
    let hasPopped = false;
    for (const target of selectValues(compilePath(path.text), document.root)) {
      let result = reply.null();
      if (Array.isArray(target)) {
        if (target.length > 0) {
          const length = target.length;
          const position = index < 0 ? Math.max(0, length + index) : Math.min(index, length - 1);
          result = jsonBulk(target.splice(position, 1)[0] ?? null);
          hasPopped = true;
        }
        lastArray = result;
      }
      popped.push(result);
    }
    if (!path.isLegacy) {
      if (hasPopped) {
        ctx.modified(key, "json.arrpop", "d");
      }
      return reply.array(popped);
    }
    if (lastArray === undefined) {
      throw new ReplyError(ERR.JSON_PATH_NOT_FOUND_OR(path.text, "not an array"));
    }
    // A legacy path notifies even when it popped nothing from empty arrays, as RedisJSON does.
    ctx.modified(key, "json.arrpop", "d");
    return lastArray;
  },
});

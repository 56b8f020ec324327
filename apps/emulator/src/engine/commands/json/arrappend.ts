import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import { parseJsonArg } from "../../values/json/arguments.ts";
import { cloneJson, getJsonDocument } from "../../values/json/value.ts";
import { selectValues } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.ARRAPPEND key path value [value ...]: appends the values to every array the path selects;
 * the new lengths (nil for other types). A legacy path answers the last new length, and errors
 * when it selects no array.
 * @see https://redis.io/commands/json.arrappend
 */
export const jsonArrappend = defineCommand({
  name: "JSON.ARRAPPEND",
  group: "json",
  arity: -1,
  flags: ["write", "denyoom"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Append one or more json values into the array at path after the last element in it.",
  complexity:
    "O(1) when path is evaluated to a single value, O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.arrappend");
    const path = parsePathArg(requiredArg(args, "json.arrappend"));
    if (!args.hasMore()) {
      throw new ReplyError(ERR.WRONG_ARITY("json.arrappend"));
    }
    // The values are parsed before the key is looked at, as RedisJSON does.
    return { key, path, values: args.rest().map(parseJsonArg) };
  },
  run: (ctx, { key, path, values }) => {
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
      for (const value of values) {
        target.push(cloneJson(value));
      }
      last = target.length;
      lengths.push(reply.integer(last));
    }
    if (last !== undefined) {
      ctx.modified(key, "json.arrappend", "d");
    }
    if (!path.isLegacy) {
      return reply.array(lengths);
    }
    if (last === undefined) {
      throw new ReplyError(ERR.JSON_PATH_NOT_FOUND_OR(path.original, "not an array"));
    }
    return reply.integer(last);
  },
});

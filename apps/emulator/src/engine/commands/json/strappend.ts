import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import { parseStrictJsonArg, textArg } from "../../values/json/arguments.ts";
import { updateAt } from "../../values/json/locations.ts";
import { getJsonDocument } from "../../values/json/value.ts";
import { selectMatches } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { LEGACY_ROOT, parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.STRAPPEND key [path] value: appends the JSON string `value` to every string match; the new
 * lengths in bytes (nil for other types). A legacy path answers the last new length, and errors
 * when it selects no string.
 * @see https://redis.io/commands/json.strappend
 */
export const jsonStrappend = defineCommand({
  name: "JSON.STRAPPEND",
  group: "json",
  arity: -1,
  flags: ["write", "denyoom"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Appends a string to JSON strings at the paths matching a given path expression",
  complexity:
    "O(1) when path is evaluated to a single value, O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.strappend");
    const first = textArg(requiredArg(args, "json.strappend"));
    // With one argument left it is the value and the path is the root.
    if (!args.hasMore()) {
      return { key, path: LEGACY_ROOT, value: first };
    }
    const value = textArg(args.string());
    args.rest();
    return { key, path: parsePathArg(first), value };
  },
  run: (ctx, { key, path, value }) => {
    const document = getJsonDocument(ctx.db, key);
    if (document === undefined) {
      throw new ReplyError(ERR.JSON_NO_SUCH_KEY);
    }
    const matches = selectMatches(compilePath(path.text), document.root);
    let suffix: string | undefined;
    const lengths: Reply[] = [];
    let last: number | undefined;
    for (const match of matches) {
      if (typeof match.value !== "string") {
        lengths.push(reply.null());
        continue;
      }
      // The value is read only once a string is found, so errors come in RedisJSON's order.
      suffix ??= appendedText(value);
      const appended = suffix;
      let text = "";
      updateAt(document, match.path, (current) => {
        text = `${current as string}${appended}`;
        return text;
      });
      last = Buffer.byteLength(text);
      lengths.push(reply.integer(last));
    }
    if (last !== undefined) {
      ctx.modified(key, "json.strappend", "d");
    }
    if (!path.isLegacy) {
      return reply.array(lengths);
    }
    if (last === undefined) {
      throw new ReplyError(ERR.JSON_PATH_NOT_FOUND_OR(path.text, "not a string"));
    }
    return reply.integer(last);
  },
});

/** The string to append: a JSON string, else `expected string but found <the argument>`. */
function appendedText(value: string): string {
  const json = parseStrictJsonArg(value);
  if (typeof json !== "string") {
    throw new ReplyError(ERR.JSON_WRONG_PATH_TYPE("string", value));
  }
  return json;
}

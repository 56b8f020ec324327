import { asciiUpper, binaryToUtf8 } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { isValidUtf8, textArg } from "../../values/json/arguments.ts";
import { jsonBulk } from "../../values/json/replies.ts";
import { getJsonDocument, JsonObject, type JsonValue } from "../../values/json/value.ts";
import { selectValues } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { type JsonPathArg, LEGACY_ROOT, parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/** Arguments longer than the longest option name are paths without further checks. */
const LONGEST_OPTION = "NOESCAPE".length;
const REPLY_FORMATS = new Set(["STRING", "EXPAND1", "EXPAND"]);

/**
 * JSON.GET key [INDENT indent] [NEWLINE newline] [SPACE space] [path [path ...]]: the values at
 * the paths, serialised. One JSONPath gives a JSON array of its matches, one legacy path its first
 * match (an error when there is none); several paths give an object keyed by path.
 * @see https://redis.io/commands/json.get
 */
export const jsonGet = defineCommand({
  name: "JSON.GET",
  group: "json",
  arity: -1,
  flags: ["readonly"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Gets the value at one or more paths in JSON serialized form",
  complexity:
    "O(N) when path is evaluated to a single value where N is the size of the value, O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.get");
    const paths: JsonPathArg[] = [];
    const format: { indent?: string; newline?: string; space?: string } = {};
    while (args.hasMore()) {
      const arg = args.string();
      if (!isValidUtf8(arg)) {
        // RedisJSON stops reading arguments at the first one that is not UTF-8 text.
        args.rest();
        break;
      }
      const option = arg.length > LONGEST_OPTION ? "" : asciiUpper(arg);
      if (option === "INDENT" || option === "NEWLINE" || option === "SPACE") {
        const value = binaryToUtf8(textArg(requiredArg(args, "json.get")));
        format[option === "INDENT" ? "indent" : option === "NEWLINE" ? "newline" : "space"] = value;
      } else if (option === "FORMAT") {
        // FORMAT only shapes RESP3 replies; RESP2 refuses it before any path.
        if (paths.length === 0) {
          throw new ReplyError(ERR.JSON_FORMAT_RESP2);
        }
        const value = textArg(requiredArg(args, "json.get"));
        if (asciiUpper(value) === "STRINGS" || !REPLY_FORMATS.has(value)) {
          throw new ReplyError(ERR.JSON_WRONG_REPLY_FORMAT);
        }
      } else if (option !== "NOESCAPE") {
        // NOESCAPE is accepted and ignored, for ReJSON 1.0 clients.
        paths.push(parsePathArg(arg));
      }
    }
    return { key, paths: paths.length === 0 ? [LEGACY_ROOT] : paths, format };
  },
  run: ({ db }, { key, paths, format }) => {
    const document = getJsonDocument(db, key);
    if (document === undefined) {
      return reply.null();
    }
    const isLegacy = paths.every((path) => path.isLegacy);
    const [path] = paths;
    if (paths.length === 1 && path !== undefined) {
      const values = selectValues(compilePath(path.text), document.root);
      if (!isLegacy) {
        return jsonBulk(values, format);
      }
      const [first] = values;
      if (first === undefined) {
        throw new ReplyError(ERR.JSON_PATH_NOT_FOUND(path.text));
      }
      return jsonBulk(first, format);
    }
    return jsonBulk(byPath(document.root, { paths, isLegacy }), format);
  },
});

/** Several paths: an object of path → matches (or first match, when every path is legacy). */
function byPath(
  root: JsonValue,
  request: { readonly paths: readonly JsonPathArg[]; readonly isLegacy: boolean },
): JsonObject {
  const found = new Map<string, JsonValue>();
  for (const path of request.paths) {
    let values: JsonValue[];
    try {
      values = selectValues(compilePath(path.text), root);
    } catch (error: unknown) {
      // RedisJSON leaves paths that do not compile out of the object.
      if (error instanceof ReplyError) {
        continue;
      }
      throw error;
    }
    const [first] = values;
    if (request.isLegacy && first === undefined) {
      throw new ReplyError(ERR.JSON_PATH_NOT_FOUND(path.original));
    }
    found.set(path.original, request.isLegacy ? (first as JsonValue) : values);
  }
  // Service behaviour (kv-rest-wire.md §13.2): the object lists the last path first, as the
  // service's `JSON.GET k $..a $..b` → `{"$..b":…,"$..a":…}` and RedisJSON's own documented
  // `JSON.GET doc ..a $..b` → `{"$..b":…,"..a":…}` both show.
  const object = new JsonObject();
  for (const [original, value] of [...found].reverse()) {
    object.set(binaryToUtf8(original), value);
  }
  return object;
}

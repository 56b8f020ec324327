import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { isValidUtf8, textArg } from "../../values/json/arguments.ts";
import { jsonMemoryUsage } from "../../values/json/memory.ts";
import { getJsonDocument } from "../../values/json/value.ts";
import { selectValues } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { type JsonPathArg, LEGACY_ROOT, parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

const HELP = ["MEMORY <key> [path] - reports memory usage", "HELP                - this message"];

type DebugRequest =
  | { readonly sub: "HELP" }
  | { readonly sub: "MEMORY"; readonly key: string; readonly path: JsonPathArg };

/**
 * JSON.DEBUG MEMORY key [path] | JSON.DEBUG HELP. MEMORY estimates each match's size in bytes as
 * RedisJSON does (a legacy path: the first match; a missing key: 0, or `[]` for JSONPath).
 *
 * RedisJSON registers JSON.DEBUG as one module command (keys at position 2) that reads its
 * subcommand itself, so it is one command here too: its errors
 * (`ERR unknown subcommand - try \`JSON.DEBUG HELP\``, wrong arity of `json.debug`) are its own.
 * @see https://redis.io/commands/json.debug
 */
export const jsonDebug = defineCommand({
  name: "JSON.DEBUG",
  group: "json",
  arity: -1,
  flags: ["readonly"],
  keys: { first: 2, last: 2, step: 1 },
  since: "1.0.0",
  summary: "Debugging container command",
  complexity: "N/A",
  parse: (args): DebugRequest => {
    const sub = asciiUpper(textArg(requiredArg(args, "json.debug")));
    if (sub === "HELP") {
      args.rest();
      return { sub };
    }
    if (sub !== "MEMORY") {
      throw new ReplyError(ERR.JSON_DEBUG_UNKNOWN_SUBCOMMAND);
    }
    const key = requiredArg(args, "json.debug");
    const arg = args.hasMore() ? args.string() : undefined;
    args.rest();
    return {
      sub,
      key,
      path: arg !== undefined && isValidUtf8(arg) ? parsePathArg(arg) : LEGACY_ROOT,
    };
  },
  run: ({ db }, request) => {
    if (request.sub === "HELP") {
      return reply.bulks(HELP);
    }
    const { key, path } = request;
    const document = getJsonDocument(db, key);
    if (document === undefined) {
      return path.isLegacy ? reply.integer(0) : reply.array([]);
    }
    const values = selectValues(compilePath(path.text), document.root);
    if (!path.isLegacy) {
      return reply.integers(values.map(jsonMemoryUsage));
    }
    const [first] = values;
    if (first === undefined) {
      throw new ReplyError(ERR.JSON_PATH_NOT_FOUND(path.text));
    }
    return reply.integer(jsonMemoryUsage(first));
  },
});

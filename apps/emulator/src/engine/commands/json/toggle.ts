import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import { updateAt } from "../../values/json/locations.ts";
import { getJsonDocument } from "../../values/json/value.ts";
import { selectMatches } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.TOGGLE key path: flips every boolean the path selects; the new values as 1 / 0 (nil for
 * other types). A legacy path answers the last new value as `true` / `false`, and errors when it
 * selects no boolean.
 * @see https://redis.io/commands/json.toggle
 */
export const jsonToggle = defineCommand({
  name: "JSON.TOGGLE",
  group: "json",
  arity: -1,
  flags: ["write", "denyoom"],
  keys: { first: 1, last: 1, step: 1 },
  since: "2.0.0",
  summary: "Toggles a boolean value",
  complexity:
    "O(1) when path is evaluated to a single value, O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.toggle");
    const path = parsePathArg(requiredArg(args, "json.toggle"));
    args.rest();
    return { key, path };
  },
  run: (ctx, { key, path }) => {
    const document = getJsonDocument(ctx.db, key);
    if (document === undefined) {
      throw new ReplyError(ERR.JSON_NO_SUCH_KEY);
    }
    const matches = selectMatches(compilePath(path.text), document.root);
    const results: Reply[] = [];
    let last: boolean | undefined;
    for (const match of matches) {
      if (typeof match.value !== "boolean") {
        results.push(reply.null());
        continue;
      }
      let toggled = false;
      updateAt(document, match.path, (current) => {
        toggled = current !== true;
        return toggled;
      });
      last = toggled;
      results.push(reply.integer(toggled ? 1 : 0));
    }
    if (last !== undefined) {
      ctx.modified(key, "json.toggle", "d");
    }
    if (!path.isLegacy) {
      return reply.array(results);
    }
    if (last === undefined) {
      throw new ReplyError(ERR.JSON_PATH_NOT_FOUND_OR(path.text, "not a bool"));
    }
    return reply.bulk(last ? "true" : "false");
  },
});

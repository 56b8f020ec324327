import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { checkInputFormat, parseJsonArg, textArg } from "../../values/json/arguments.ts";
import { getJsonDocument, JsonDocument } from "../../values/json/value.ts";
import { isRootPath, parsePathArg } from "../../values/json-path/path-arg.ts";
import { applyUpdates, planUpdates, type SetCondition } from "../../values/json-path/update.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.SET key path value [NX | XX] [FORMAT format]: sets the value at `path`. A new key can only
 * be created at the root; below it, existing matches are replaced and, for a static path, a
 * missing last member is added to its parent. NX / XX condition on whether the path matches.
 * @see https://redis.io/commands/json.set
 */
export const jsonSet = defineCommand({
  name: "JSON.SET",
  group: "json",
  arity: -1,
  flags: ["write", "denyoom"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Sets or updates the JSON value at a path",
  complexity:
    "O(M+N) when path is evaluated to a single value where M is the size of the original value (if it exists) and N is the size of the new value, O(M+N) when path is evaluated to multiple values where M is the size of the key and N is the size of the new value * the number of original values in the key",
  parse: (args) => {
    const key = requiredArg(args, "json.set");
    const path = parsePathArg(requiredArg(args, "json.set"));
    const value = textArg(requiredArg(args, "json.set"));
    let condition: SetCondition = "none";
    while (args.hasMore()) {
      const option = asciiUpper(textArg(args.string()));
      // NX or XX once; a second condition is a syntax error, as RedisJSON's parser has it.
      if (option === "NX" && condition === "none") {
        condition = "nx";
      } else if (option === "XX" && condition === "none") {
        condition = "xx";
      } else if (option === "FORMAT") {
        checkInputFormat(textArg(requiredArg(args, "json.set")));
      } else {
        throw new ReplyError(ERR.SYNTAX);
      }
    }
    return { key, path, value, condition };
  },
  run: (ctx, { key, path, value, condition }) => {
    const document = getJsonDocument(ctx.db, key);
    const json = parseJsonArg(value);
    if (document === undefined) {
      if (condition === "xx") {
        return reply.null();
      }
      if (!isRootPath(path)) {
        throw new ReplyError(ERR.JSON_NEW_AT_ROOT);
      }
      ctx.db.set(key, new JsonDocument(json));
    } else if (isRootPath(path)) {
      if (condition === "nx") {
        return reply.null();
      }
      // The document is replaced in place: the key keeps its TTL.
      document.root = json;
    } else {
      const plans = planUpdates(document.root, path.text, condition);
      if (plans.length === 0 || !applyUpdates(document, plans, json)) {
        return reply.null();
      }
    }
    ctx.modified(key, "json.set", "d");
    return reply.ok();
  },
});

import { ERR, ReplyError } from "../../errors.ts";
import { textArg } from "../../values/json/arguments.ts";
import { getJsonDocument } from "../../values/json/value.ts";
import { parsePathArg } from "../../values/json-path/path-arg.ts";
import { updateNumbers } from "../../values/json-path/update.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.NUMMULTBY key path value: multiplies every number the path selects by `value`. An integer stays an
 * integer when `value` is one (i64 arithmetic that wraps around); otherwise the result is a float.
 * JSONPath answers a JSON array of the new values (null for non-numbers); a legacy path answers
 * the last new value and errors when the path selects no number.
 * @see https://redis.io/commands/json.nummultby
 */
export const jsonNummultby = defineCommand({
  name: "JSON.NUMMULTBY",
  group: "json",
  arity: -1,
  flags: ["write"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Multiplies the numeric value at path by a value",
  complexity:
    "O(1) when path is evaluated to a single value, O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.nummultby");
    const path = parsePathArg(requiredArg(args, "json.nummultby"));
    const operand = textArg(requiredArg(args, "json.nummultby"));
    args.rest();
    return { key, path, operand };
  },
  run: (ctx, { key, path, operand }) => {
    const document = getJsonDocument(ctx.db, key);
    if (document === undefined) {
      throw new ReplyError(ERR.JSON_NO_SUCH_KEY);
    }
    const result = updateNumbers(document, { path, operand, operation: "mult" });
    if (result.changed) {
      ctx.modified(key, "json.nummultby", "d");
    }
    return result.reply;
  },
});

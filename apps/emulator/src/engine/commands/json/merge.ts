import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { checkInputFormat, parseJsonArg, textArg } from "../../values/json/arguments.ts";
import { mergePatch } from "../../values/json/locations.ts";
import { getJsonDocument, JsonDocument } from "../../values/json/value.ts";
import { isRootPath, parsePathArg } from "../../values/json-path/path-arg.ts";
import { applyMerge, planUpdates } from "../../values/json-path/update.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.MERGE key path value [FORMAT format]: merges `value` into every match as an RFC 7396 merge
 * patch (a `null` member deletes, objects merge recursively, anything else replaces); a missing
 * last member of a static path is added. A new key can only be created at the root.
 * @see https://redis.io/commands/json.merge
 */
export const jsonMerge = defineCommand({
  name: "JSON.MERGE",
  group: "json",
  arity: -1,
  flags: ["write", "denyoom"],
  keys: { first: 1, last: 1, step: 1 },
  since: "2.6.0",
  summary:
    "Merges a given JSON value into matching paths. Consequently, JSON values at matching paths are updated, deleted, or expanded with new children",
  complexity:
    "O(M+N) when path is evaluated to a single value where M is the size of the original value (if it exists) and N is the size of the new value, O(M+N) when path is evaluated to multiple values where M is the size of the key and N is the size of the new value * the number of original values in the key",
  parse: (args) => {
    const key = requiredArg(args, "json.merge");
    const path = parsePathArg(requiredArg(args, "json.merge"));
    const value = textArg(requiredArg(args, "json.merge"));
    while (args.hasMore()) {
      if (asciiUpper(textArg(args.string())) !== "FORMAT") {
        throw new ReplyError(ERR.SYNTAX);
      }
      checkInputFormat(textArg(requiredArg(args, "json.merge")));
    }
    return { key, path, value };
  },
  run: (ctx, { key, path, value }) => {
    const document = getJsonDocument(ctx.db, key);
    const patch = parseJsonArg(value);
    if (document === undefined) {
      if (!isRootPath(path)) {
        throw new ReplyError(ERR.JSON_NEW_AT_ROOT);
      }
      // Nothing to merge with: the value is stored as given.
      ctx.db.set(key, new JsonDocument(patch));
    } else if (isRootPath(path)) {
      document.root = mergePatch(document.root, patch);
    } else {
      const plans = planUpdates(document.root, path.text, "none");
      if (plans.length === 0 || !applyMerge(document, plans, patch)) {
        return reply.null();
      }
    }
    ctx.modified(key, "json.merge", "d");
    return reply.ok();
  },
});

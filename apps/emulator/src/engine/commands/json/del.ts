import { reply } from "../../reply.ts";
import { getJsonDocument } from "../../values/json/value.ts";
import { isRootPath, LEGACY_ROOT, parsePathArg } from "../../values/json-path/path-arg.ts";
import { deleteMatches } from "../../values/json-path/update.ts";
import { type Command, defineCommand } from "../define.ts";
import { requiredArg } from "./_arguments.ts";

/**
 * JSON.DEL key [path]: deletes the values at `path` (default: the whole key); the number of values
 * deleted. Paths that match nothing are ignored, and a value inside another deleted one is not
 * counted twice.
 * @see https://redis.io/commands/json.del
 */
export const jsonDel = defineJsonDelete("JSON.DEL");

/** JSON.DEL and its alias JSON.FORGET: one definition, named per command. */
export function defineJsonDelete(name: "JSON.DEL" | "JSON.FORGET"): Command {
  const lowerName = name.toLowerCase();
  return defineCommand({
    name,
    group: "json",
    arity: -1,
    flags: ["write"],
    keys: { first: 1, last: 1, step: 1 },
    since: "1.0.0",
    summary: "Deletes a value",
    complexity:
      "O(N) when path is evaluated to a single value where N is the size of the deleted value, O(N) when path is evaluated to multiple values, where N is the size of the key",
    parse: (args) => {
      const key = requiredArg(args, lowerName);
      const path = args.hasMore() ? parsePathArg(args.string()) : LEGACY_ROOT;
      // RedisJSON ignores anything after the path.
      args.rest();
      return { key, path };
    },
    run: (ctx, { key, path }) => {
      const document = getJsonDocument(ctx.db, key);
      if (document === undefined) {
        return reply.integer(0);
      }
      let deleted: number;
      if (isRootPath(path)) {
        ctx.db.delete(key);
        deleted = 1;
      } else {
        deleted = deleteMatches(document, path.text);
      }
      if (deleted > 0) {
        ctx.modified(key, "json.del", "d");
      }
      return reply.integer(deleted);
    },
  });
}

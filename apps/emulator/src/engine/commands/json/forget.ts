import { reply } from "../../reply.ts";
import { getJsonDocument } from "../../values/json.ts";
import { isRootPath, LEGACY_ROOT, parsePathArg } from "../../values/json-path/path-arg.ts";
import { deleteMatches } from "../../values/json-path/update.ts";
import { defineCommand } from "../define.ts";
import { requiredArg } from "./arguments.ts";

/**
 * JSON.FORGET key [path]: an alias of JSON.DEL.
 * @see https://redis.io/commands/json.forget
 */
export const jsonForget = defineCommand({
  name: "JSON.FORGET",
  group: "json",
  arity: -1,
  flags: ["write"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Deletes a value",
  complexity:
    "O(N) when path is evaluated to a single value where N is the size of the deleted value, O(N) when path is evaluated to multiple values, where N is the size of the key",
  parse: (args) => {
    const key = requiredArg(args, "json.forget");
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

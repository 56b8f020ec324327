import { ERR, ReplyError } from "../../errors.ts";
import type { Database } from "../../keyspace.ts";
import { type Reply, reply } from "../../reply.ts";
import { jsonBulk } from "../../values/json/replies.ts";
import { getJsonDocument } from "../../values/json/value.ts";
import { selectValues } from "../../values/json-path/evaluate.ts";
import { compilePath } from "../../values/json-path/parser.ts";
import { type JsonPathArg, parsePathArg } from "../../values/json-path/path-arg.ts";
import { defineCommand } from "../define.ts";

/**
 * JSON.MGET key [key ...] path: JSON.GET of one path from each key. Anything that would be an
 * error for one key (missing, another type, no match for a legacy path) is nil in its place.
 * @see https://redis.io/commands/json.mget
 */
export const jsonMget = defineCommand({
  name: "JSON.MGET",
  group: "json",
  arity: -1,
  flags: ["readonly"],
  // RedisJSON registers only the first key (1, 1, 1), although every argument but the last is one.
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Returns the values at a path from one or more keys",
  complexity:
    "O(M*N) when path is evaluated to a single value where M is the number of keys and N is the size of the value, O(N1+N2+...+Nm) when path is evaluated to multiple values where m is the number of keys and Ni is the size of the i-th key",
  parse: (args) => {
    const rest = args.rest();
    if (rest.length < 2) {
      throw new ReplyError(ERR.WRONG_ARITY("json.mget"));
    }
    return { keys: rest.slice(0, -1), path: parsePathArg(rest[rest.length - 1] as string) };
  },
  run: ({ db }, { keys, path }) => reply.array(keys.map((key) => pathValueOf(db, { key, path }))),
});

function pathValueOf(
  db: Database,
  request: { readonly key: string; readonly path: JsonPathArg },
): Reply {
  try {
    const document = getJsonDocument(db, request.key);
    if (document === undefined) {
      return reply.null();
    }
    const values = selectValues(compilePath(request.path.text), document.root);
    if (!request.path.isLegacy) {
      return jsonBulk(values);
    }
    const [first] = values;
    return first === undefined ? reply.null() : jsonBulk(first);
  } catch (error: unknown) {
    if (error instanceof ReplyError) {
      return reply.null();
    }
    throw error;
  }
}

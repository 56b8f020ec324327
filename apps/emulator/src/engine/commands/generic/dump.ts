import { DUMP_CODECS } from "../../dump/index.ts";
import { dumpLimits, dumpValue } from "../../dump-format.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { typeOf } from "../../values/types.ts";
import { defineCommand } from "../define.ts";

/**
 * DUMP key: the value serialised for RESTORE (see `dump-format.ts`), or nil when the key is missing.
 * @see https://redis.io/commands/dump
 */
export const dump = defineCommand({
  name: "DUMP",
  group: "generic",
  arity: 2,
  flags: ["readonly"],
  categories: ["keyspace"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.6.0",
  summary: "Returns a serialized representation of the value stored at a key.",
  complexity:
    "O(1) to access the key and additional O(N*M) to serialize it, where N is the number of Redis objects composing the value and M their average size. For small string values the time complexity is thus O(1)+O(1*M) where M is small, so simply O(1).",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    const value = ctx.db.get(key);
    if (value === undefined) {
      return reply.null();
    }
    const payload = dumpValue(value, {
      codecs: DUMP_CODECS,
      limits: dumpLimits(ctx.server.config),
    });
    if (payload === undefined) {
      // Emulator difference: types whose module has not registered a DUMP codec yet.
      throw new ReplyError(ERR.DUMP_UNSUPPORTED_TYPE(typeOf(value)));
    }
    return reply.bulk(payload);
  },
});

import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { lookupStream, streamIdArg } from "./_stream-arguments.ts";

/**
 * XDEL key id [id ...]: deletes entries; how many existed. Consumer-group references stay.
 * @see https://redis.io/commands/xdel
 */
export const xdel = defineCommand({
  name: "XDEL",
  group: "stream",
  arity: -3,
  flags: ["write", "fast"],
  categories: ["stream"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary: "Returns the number of messages after removing them from a stream.",
  complexity: "O(1) for each single item to delete in the stream, regardless of the stream size.",
  parse: (args) => ({ key: args.key(), ids: args.rest() }),
  run: (ctx, { key, ids }) => {
    const stream = lookupStream(ctx, key);
    if (stream === undefined) {
      return reply.integer(0);
    }
    // Every ID is checked before anything is deleted (xdelCommand).
    const parsed = ids.map((text) => streamIdArg(text).id);
    let deleted = 0;
    for (const id of parsed) {
      if (stream.deleteEntry(id)) {
        deleted++;
      }
    }
    if (deleted > 0) {
      ctx.modified(key, "xdel", "t");
      ctx.server.stats.dirty += deleted - 1;
    }
    return reply.integer(deleted);
  },
});

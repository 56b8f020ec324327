import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { type Counter, MIN_STREAM_ID, type StreamId } from "../../values/stream.ts";
import { defineCommand } from "../define.ts";
import { longLongArg, lookupStream, streamIdArg } from "./_stream-arguments.ts";

/**
 * XSETID key last-id [ENTRIESADDED entries-added] [MAXDELETEDID max-deleted-id]: sets the stream's
 * last ID and, optionally, its added-entries counter and largest deleted ID.
 * @see https://redis.io/commands/xsetid
 */
export const xsetid = defineCommand({
  name: "XSETID",
  group: "stream",
  arity: -3,
  flags: ["write", "denyoom", "fast"],
  categories: ["stream"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary: "An internal command for replicating stream values.",
  complexity: "O(1)",
  parse: (args) => {
    const key = args.key();
    const id = streamIdArg(args.string()).id;
    let entriesAdded: Counter | undefined;
    let maxDeletedId: StreamId = MIN_STREAM_ID;
    while (args.hasMore()) {
      const option = args.token();
      if (option === "ENTRIESADDED" && args.hasMore()) {
        entriesAdded = longLongArg(args.string());
        if (entriesAdded < 0) {
          throw new ReplyError(ERR.XSETID_ENTRIES_ADDED_NEGATIVE);
        }
      } else if (option === "MAXDELETEDID" && args.hasMore()) {
        maxDeletedId = streamIdArg(args.string()).id;
        if (id < maxDeletedId) {
          throw new ReplyError(ERR.XSETID_BELOW_GIVEN_MAX_DELETED);
        }
      } else {
        throw new ReplyError(ERR.SYNTAX);
      }
    }
    return { key, id, entriesAdded, maxDeletedId };
  },
  run: (ctx, { key, id, entriesAdded, maxDeletedId }) => {
    const stream = lookupStream(ctx, key);
    if (stream === undefined) {
      throw new ReplyError(ERR.NO_SUCH_KEY);
    }
    if (id < stream.maxDeletedId) {
      throw new ReplyError(ERR.XSETID_BELOW_MAX_DELETED);
    }
    const top = stream.lastEntryId;
    if (top !== undefined) {
      if (id < top) {
        throw new ReplyError(ERR.XSETID_BELOW_TOP_ITEM);
      }
      if (entriesAdded !== undefined && stream.length > entriesAdded) {
        throw new ReplyError(ERR.XSETID_ENTRIES_ADDED_TOO_SMALL);
      }
    }
    stream.lastId = id;
    if (entriesAdded !== undefined) {
      stream.entriesAdded = entriesAdded;
    }
    if (maxDeletedId !== MIN_STREAM_ID) {
      stream.maxDeletedId = maxDeletedId;
    }
    ctx.modified(key, "xsetid", "t");
    return reply.ok();
  },
});

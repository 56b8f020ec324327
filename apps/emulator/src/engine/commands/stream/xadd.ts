import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import {
  formatStreamId,
  MAX_STREAM_ID,
  MIN_STREAM_ID,
  makeStreamId,
  nextStreamId,
  type StreamId,
  type StreamValue,
  streamIdMs,
  streamIdSeq,
  U64_MAX,
} from "../../values/stream.ts";
import { defineCommand } from "../define.ts";
import {
  type AddTrimArgs,
  exactTrimArgv,
  lookupOrCreateStream,
  lookupStream,
  parseAddTrimArgs,
} from "./_stream-arguments.ts";

/** Listpacks hold at most 1 GiB (STREAM_LISTPACK_MAX_SIZE). */
const MAX_ENTRY_BYTES = 2 ** 30;

/**
 * XADD key [NOMKSTREAM] [KEEPREF | DELREF | ACKED] [<MAXLEN | MINID> [= | ~] threshold
 * [LIMIT count]] <* | id> field value [field value ...]: appends an entry; its ID.
 * @see https://redis.io/commands/xadd
 */
export const xadd = defineCommand({
  name: "XADD",
  group: "stream",
  arity: -5,
  flags: ["write", "denyoom", "fast"],
  categories: ["stream"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      notes: "UPDATE instead of INSERT because of the optional trimming feature",
      flags: ["RW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary: "Appends a new message to a stream. Creates the key if it doesn't exist.",
  complexity:
    "O(1) when adding a new entry, O(N) when trimming where N being the number of entries evicted.",
  // The options are read from argv in `run` (parseAddTrimArgs): the rest is consumed, not copied.
  parse: (args) => {
    const key = args.key();
    args.skipRest();
    return { key };
  },
  run: (ctx, { key }) => {
    const argv = ctx.argv;
    const args = parseAddTrimArgs(argv, { isXadd: true, config: ctx.server.config });
    const fieldsAt = args.idIndex + 1;
    if (argv.length - fieldsAt < 2 || (argv.length - fieldsAt) % 2 === 1) {
      throw new ReplyError(ERR.WRONG_ARITY("xadd"));
    }
    // 0-0 is refused before the key is created (an empty stream must not be left behind).
    if (args.id?.seqGiven === true && args.id.id === MIN_STREAM_ID) {
      throw new ReplyError(ERR.XADD_ID_ZERO);
    }
    const existing = lookupStream(ctx, key);
    if (existing === undefined && args.noMkStream) {
      return reply.null();
    }
    let bytes = 0;
    for (let i = fieldsAt; i < argv.length; i++) {
      bytes += (argv[i] as string).length;
    }
    const stream = existing ?? lookupOrCreateStream(ctx, key);
    // `*` with the stream's IDs below 2^53: the ID is made and kept as numbers (no 16-byte string).
    let idText =
      args.id === undefined && bytes <= MAX_ENTRY_BYTES
        ? stream.appendNow(ctx.now, argv, fieldsAt)
        : undefined;
    if (idText === undefined) {
      if (stream.lastId === MAX_STREAM_ID) {
        throw new ReplyError(ERR.XADD_ID_EXHAUSTED);
      }
      const id = newId(stream, args, ctx.now);
      if (id === undefined || id <= stream.lastId) {
        throw new ReplyError(ERR.XADD_ID_TOO_SMALL);
      }
      if (bytes > MAX_ENTRY_BYTES) {
        throw new ReplyError(ERR.XADD_ELEMENTS_TOO_LARGE);
      }
      stream.append(id, argv, fieldsAt);
      idText = formatStreamId(id);
    }
    ctx.modified(key, "xadd", "t");
    if (args.trim !== undefined && stream.trim(args.trim) > 0) {
      ctx.notify("xtrim", key, "t");
    }
    // Logged with the ID it got and, after `~`, the exact trim it did (xaddCommand).
    if (ctx.server.logsEffects) {
      const withId = argv.slice();
      withId[args.idIndex] = idText;
      ctx.propagate(args.isApprox ? exactTrimArgv(withId, args, stream) : withId);
    }
    return reply.bulk(idText);
  },
});

/**
 * The entry's ID (streamAppendItem): `*` is the command time, or the last ID's successor when the
 * clock is behind; `ms-*` continues the last sequence within the same millisecond. Undefined when
 * there is no room (an overflowing sequence).
 */
function newId(stream: StreamValue, args: AddTrimArgs, now: number): StreamId | undefined {
  if (args.id === undefined) {
    return now > streamIdMs(stream.lastId) ? makeStreamId(now, 0) : nextStreamId(stream.lastId);
  }
  if (args.id.seqGiven) {
    return args.id.id;
  }
  if (streamIdMs(args.id.id) !== streamIdMs(stream.lastId)) {
    return args.id.id;
  }
  // The sequence must not overflow into the next millisecond.
  return streamIdSeq(stream.lastId) === U64_MAX ? undefined : nextStreamId(stream.lastId);
}

import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { MIN_STREAM_ID } from "../../values/stream.ts";
import { defineCommand } from "../define.ts";
import { groupChanged, xgroupTarget } from "./_groups.ts";
import { lookupOrCreateStream, streamIdArg } from "./_stream-arguments.ts";

/**
 * XGROUP CREATE key group <id | $> [MKSTREAM] [ENTRIESREAD entries-read]: a consumer group that
 * has read up to `id` (`$`: the stream's last ID).
 * @see https://redis.io/commands/xgroup-create
 */
export const xgroupCreate = defineCommand({
  name: "XGROUP|CREATE",
  group: "stream",
  arity: -5,
  flags: ["write", "denyoom"],
  categories: ["stream"],
  keys: { first: 2, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "insert"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary: "Creates a consumer group.",
  complexity: "O(1)",
  parse: (args) => ({
    key: args.key(),
    group: args.string(),
    id: args.string(),
    rest: args.rest(),
  }),
  run: (ctx, { key, group: name, id: idText }) => {
    const target = xgroupTarget(ctx, "CREATE");
    if (ctx.argv.length > 8) {
      throw new ReplyError(ERR.SUBCOMMAND_SYNTAX(ctx.argv[1] as string, "XGROUP"));
    }
    const id = idText === "$" ? (target.stream?.lastId ?? MIN_STREAM_ID) : streamIdArg(idText).id;
    const isCreated = target.stream === undefined;
    const stream = target.stream ?? lookupOrCreateStream(ctx, key);
    if (stream.createGroup(name, id, stream.clampEntriesRead(target.entriesRead)) === undefined) {
      throw new ReplyError(ERR.BUSYGROUP);
    }
    if (isCreated) {
      // MKSTREAM: a new key, which WATCH sees (keyModified with signal).
      ctx.modified(key, "xgroup-create", "t");
    } else {
      groupChanged(ctx, key, "xgroup-create");
    }
    return reply.ok();
  },
});

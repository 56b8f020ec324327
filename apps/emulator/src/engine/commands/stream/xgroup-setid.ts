import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import type { ConsumerGroup, StreamValue } from "../../values/stream.ts";
import { defineCommand } from "../define.ts";
import { groupChanged, xgroupTarget } from "./_groups.ts";
import { streamIdArg } from "./_stream-arguments.ts";

/**
 * XGROUP SETID key group <id | $> [ENTRIESREAD entries-read]: moves the group's last delivered ID.
 * @see https://redis.io/commands/xgroup-setid
 */
export const xgroupSetid = defineCommand({
  name: "XGROUP|SETID",
  group: "stream",
  arity: -5,
  flags: ["write"],
  categories: ["stream"],
  keys: { first: 2, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "update"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary: "Sets the last-delivered ID of a consumer group.",
  complexity: "O(1)",
  parse: (args) => ({
    key: args.key(),
    group: args.string(),
    id: args.string(),
    rest: args.rest(),
  }),
  run: (ctx, { key, id: idText }) => {
    const target = xgroupTarget(ctx, "SETID");
    if (ctx.argv.length !== 5 && ctx.argv.length !== 7) {
      throw new ReplyError(ERR.SUBCOMMAND_SYNTAX(ctx.argv[1] as string, "XGROUP"));
    }
    const stream = target.stream as StreamValue;
    const group = target.group as ConsumerGroup;
    // `-` and `+` are accepted here (streamParseIDOrReply, not the strict form).
    group.lastId = idText === "$" ? stream.lastId : streamIdArg(idText, { strict: false }).id;
    group.entriesRead = stream.clampEntriesRead(target.entriesRead);
    groupChanged(ctx, key, "xgroup-setid");
    return reply.ok();
  },
});

import { reply } from "../../reply.ts";
import { SetValue, setLimits } from "../../values/set.ts";
import { defineCommand } from "../define.ts";

/**
 * SADD key member [member ...]: adds the members; the number that were new.
 * @see https://redis.io/commands/sadd
 */
export const sadd = defineCommand({
  name: "SADD",
  group: "set",
  arity: -3,
  flags: ["write", "denyoom", "fast"],
  categories: ["set"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "insert"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Adds one or more members to a set. Creates the key if it doesn't exist.",
  complexity:
    "O(1) for each element added, so O(N) to add N elements when the command is called with multiple arguments.",
  parse: (args) => ({ key: args.key(), members: args.rest() }),
  run: (ctx, { key, members }) => {
    const limits = setLimits(ctx.server.config);
    const existing = ctx.db.getContainer(key, "set");
    // The argument count is the size hint that picks (or upgrades) the encoding up front.
    const set =
      existing ??
      ctx.db.getOrCreateContainer(key, "set", () =>
        SetValue.create(members[0] ?? "", members.length, limits),
      );
    existing?.reserve(members.length, limits);
    let added = 0;
    for (const member of members) {
      if (set.add(member, limits)) {
        added++;
      }
    }
    if (added > 0) {
      ctx.modified(key, "sadd", "s");
    }
    return reply.integer(added);
  },
});

import { reply } from "../../reply.ts";
import { SetValue, setLimits } from "../../values/set.ts";
import { defineCommand } from "../define.ts";

/**
 * SMOVE source destination member: moves `member` between sets; 1 if it was in `source`.
 * @see https://redis.io/commands/smove
 */
export const smove = defineCommand({
  name: "SMOVE",
  group: "set",
  arity: 4,
  flags: ["write", "fast"],
  categories: ["set"],
  keys: { first: 1, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      flags: ["RW", "insert"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Moves a member from one set to another.",
  complexity: "O(1)",
  parse: (args) => ({ source: args.key(), destination: args.key(), member: args.string() }),
  run: (ctx, { source, destination, member }) => {
    // A missing source answers 0 before any type check (smoveCommand).
    if (!ctx.db.has(source)) {
      return reply.integer(0);
    }
    const from = ctx.db.getContainer(source, "set");
    const to = ctx.db.getContainer(destination, "set");
    if (from === undefined) {
      return reply.integer(0);
    }
    if (from === to) {
      return reply.integer(from.has(member) ? 1 : 0);
    }
    if (!from.remove(member)) {
      return reply.integer(0);
    }
    ctx.modified(source, "srem", "s");
    if (ctx.db.deleteIfEmpty(source)) {
      ctx.notify("del", source, "g");
    }
    const limits = setLimits(ctx.server.config);
    const target =
      to ??
      ctx.db.getOrCreateContainer(destination, "set", () => SetValue.create(member, 1, limits));
    if (target.add(member, limits)) {
      ctx.modified(destination, "sadd", "s");
    }
    return reply.integer(1);
  },
});

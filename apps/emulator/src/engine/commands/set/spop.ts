import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { samplePositionsInOrder } from "../../values/hash.ts";
import { SetValue, setLimits, unionOf } from "../../values/set.ts";
import type { Args } from "../args.ts";
import type { CommandContext } from "../context.ts";
import { defineCommand } from "../define.ts";

/** `SPOP_MOVE_STRATEGY_MUL`: when few members would remain, build the remainder instead. */
const MOVE_STRATEGY_MUL = 5;

function parseSpop(args: Args): { key: string; count: number | undefined } {
  const key = args.key();
  if (!args.hasMore()) {
    return { key, count: undefined };
  }
  const count = args.bigInteger();
  if (count < 0) {
    throw new ReplyError(ERR.NOT_POSITIVE);
  }
  return { key, count: Number(count) };
}

/** Pops `count` (< size) members in the ways `spopWithCountCommand` does; returns them in order. */
function popSome(
  ctx: CommandContext,
  target: { key: string; set: SetValue; count: number },
): string[] {
  const { key, set, count } = target;
  const random = (): number => ctx.server.random();
  const size = set.size;
  const remaining = size - count;
  const isListpack = set.encoding() === "listpack";
  if (remaining * MOVE_STRATEGY_MUL > count) {
    // Few members to pop: a listpack is sampled in one ordered pass, others one at a time.
    if (isListpack) {
      const popped = samplePositionsInOrder(size, count, random).map((position) =>
        set.at(position),
      );
      for (const member of popped) {
        set.remove(member);
      }
      return popped;
    }
    return Array.from({ length: count }, () => {
      const member = set.at(Math.floor(random() * set.size));
      set.remove(member);
      return member;
    });
  }
  // Most members go: pick the ones that stay into a new set and answer with the rest.
  const limits = setLimits(ctx.server.config);
  let kept: number[];
  if (isListpack) {
    kept = samplePositionsInOrder(size, remaining, random);
  } else {
    const picked = new Set<number>();
    while (picked.size < remaining) {
      picked.add(Math.floor(random() * size));
    }
    // Added in their old order, so no member moves up, which keeps SSCAN cursors valid.
    kept = [...picked].sort((a, b) => a - b);
  }
  // Redis starts the new set as a listpack, or as an intset when taken from an intset.
  const survivors = new SetValue(set.encoding() === "intset" ? "intset" : "listpack");
  for (const position of kept) {
    survivors.add(set.at(position), limits);
  }
  const popped = set.members.filter((member) => !survivors.has(member));
  ctx.db.set(key, survivors, true);
  return popped;
}

/**
 * SPOP key [count]: removes and returns random members (one as a bulk string, or up to `count` as
 * an array). Logged as SREM of the popped members so replay is deterministic.
 * @see https://redis.io/commands/spop
 */
export const spop = defineCommand({
  name: "SPOP",
  group: "set",
  arity: -2,
  resp3: "set",
  flags: ["write", "fast"],
  categories: ["set"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary:
    "Returns one or more random members from a set after removing them. Deletes the set if the last member was popped.",
  complexity:
    "Without the count argument O(1), otherwise O(N) where N is the value of the passed count.",
  parse: parseSpop,
  run: (ctx, { key, count }) => {
    const set = ctx.db.getContainer(key, "set");
    if (count === undefined) {
      if (set === undefined) {
        return reply.null();
      }
      const member = set.at(Math.floor(ctx.server.random() * set.size));
      set.remove(member);
      ctx.modified(key, "spop", "s");
      ctx.propagate(["SREM", key, member]);
      if (ctx.db.deleteIfEmpty(key)) {
        ctx.notify("del", key, "g");
      }
      return reply.bulk(member);
    }
    if (set === undefined || count === 0) {
      return reply.array([]);
    }
    ctx.modified(key, "spop", "s");
    let popped: readonly string[];
    if (count >= set.size) {
      // The whole set, answered as SUNION of it would be (same order and encoding rules).
      popped = unionOf([set], setLimits(ctx.server.config)).members;
      ctx.db.delete(key);
      ctx.notify("del", key, "g");
    } else {
      popped = popSome(ctx, { key, set, count });
    }
    ctx.propagate(["SREM", key, ...popped]);
    return reply.bulks(popped);
  },
});

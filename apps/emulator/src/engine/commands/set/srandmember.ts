import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { samplePositionsInOrder } from "../../values/hash.ts";
import type { SetValue } from "../../values/set.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

const LONG_MAX = 2n ** 63n - 1n;
/** `SRANDMEMBER_SUB_STRATEGY_MUL`: below this ratio, drop random members from a full copy. */
const SUB_STRATEGY_MUL = 3;

function parseSrandmember(args: Args): { key: string; count: number | undefined } {
  const key = args.key();
  if (!args.hasMore()) {
    return { key, count: undefined };
  }
  const count = BigInt(args.bigInteger());
  if (count < -LONG_MAX) {
    throw new ReplyError(ERR.VALUE_NOT_BETWEEN(String(-LONG_MAX), String(LONG_MAX)));
  }
  return { key, count: Number(count) };
}

/** The positions SRANDMEMBER answers with, chosen the ways `srandmemberWithCountCommand` does. */
function pickPositions(set: SetValue, count: number, random: () => number): number[] {
  const size = set.size;
  if (count < 0 || count === 1) {
    // With repetition, in random order.
    return Array.from({ length: Math.abs(count) }, () => Math.floor(random() * size));
  }
  if (count >= size) {
    return Array.from({ length: size }, (_, position) => position);
  }
  if (set.encoding() === "listpack") {
    return samplePositionsInOrder(size, count, random);
  }
  if (count * SUB_STRATEGY_MUL > size) {
    const positions = Array.from({ length: size }, (_, position) => position);
    while (positions.length > count) {
      const discard = Math.floor(random() * positions.length);
      positions[discard] = positions[positions.length - 1] ?? 0;
      positions.pop();
    }
    return positions;
  }
  const picked = new Set<number>();
  while (picked.size < count) {
    picked.add(Math.floor(random() * size));
  }
  return [...picked];
}

/**
 * SRANDMEMBER key [count]: random members without removing them. Without count one member (nil
 * for a missing key); a positive count gives distinct members, a negative one may repeat them.
 * @see https://redis.io/commands/srandmember
 */
export const srandmember = defineCommand({
  name: "SRANDMEMBER",
  group: "set",
  arity: -2,
  flags: ["readonly"],
  categories: ["set"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Get one or multiple random members from a set",
  complexity:
    "Without the count argument O(1), otherwise O(N) where N is the absolute value of the passed count.",
  parse: parseSrandmember,
  run: (ctx, { key, count }) => {
    const set = ctx.db.getContainer(key, "set");
    const random = (): number => ctx.server.random();
    if (count === undefined) {
      return set === undefined ? reply.null() : reply.bulk(set.at(Math.floor(random() * set.size)));
    }
    if (set === undefined || count === 0) {
      return reply.array([]);
    }
    return reply.bulks(pickPositions(set, count, random).map((position) => set.at(position)));
  },
});

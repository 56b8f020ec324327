import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import { lookupHash, samplePositionsInOrder } from "../../values/hash.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

const LONG_MAX = 2n ** 63n - 1n;
/** `HRANDFIELD_SUB_STRATEGY_MUL`: below this ratio, drop random fields from a full copy. */
const SUB_STRATEGY_MUL = 3;

interface HrandfieldOptions {
  readonly key: string;
  /** Undefined: reply with one field as a bulk string. */
  readonly count: number | undefined;
  readonly withValues: boolean;
}

/** Argument errors come before the key is read, in `hrandfieldCommand`'s order. */
function parseHrandfield(args: Args): HrandfieldOptions {
  const key = args.key();
  if (!args.hasMore()) {
    return { key, count: undefined, withValues: false };
  }
  const count = BigInt(args.bigInteger());
  if (count < -LONG_MAX) {
    throw new ReplyError(ERR.VALUE_NOT_BETWEEN(String(-LONG_MAX), String(LONG_MAX)));
  }
  let withValues = false;
  if (args.hasMore()) {
    if (args.remaining > 1 || args.token() !== "WITHVALUES") {
      throw new ReplyError(ERR.SYNTAX);
    }
    withValues = true;
    // The reply holds two entries per field, so the count must not overflow when doubled.
    if (count < -LONG_MAX / 2n || count > LONG_MAX / 2n) {
      throw new ReplyError(ERR.VALUE_OUT_OF_RANGE);
    }
  }
  return { key, count: Number(count), withValues };
}

/**
 * HRANDFIELD key [count [WITHVALUES]]: random fields. Without count one field (nil when the key is
 * missing); a positive count gives distinct fields, a negative one may repeat fields.
 * @see https://redis.io/commands/hrandfield
 */
export const hrandfield = defineCommand({
  name: "HRANDFIELD",
  group: "hash",
  arity: -2,
  resp3: "valued",
  flags: ["readonly"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "6.2.0",
  summary: "Returns one or more random fields from a hash.",
  complexity: "O(N) where N is the number of fields returned",
  parse: parseHrandfield,
  run: (ctx, { key, count, withValues }) => {
    // Due fields are removed first, so they are never picked (hashTypeExpireIfNeeded).
    const hash = lookupHash(ctx, key);
    const random = (): number => ctx.server.random();
    if (count === undefined) {
      return hash === undefined
        ? reply.null()
        : reply.bulk(hash.fieldAt(Math.floor(random() * hash.size)));
    }
    if (hash === undefined || count === 0) {
      return reply.array([]);
    }
    const size = hash.size;
    let positions: number[];
    if (count < 0 || count === 1) {
      // With repetition, in random order.
      positions = Array.from({ length: Math.abs(count) }, () => Math.floor(random() * size));
    } else if (count >= size) {
      positions = Array.from({ length: size }, (_, position) => position);
    } else if (!hash.isHashtable) {
      positions = samplePositionsInOrder(size, count, random);
    } else if (count * SUB_STRATEGY_MUL > size) {
      // Many of the fields: discard random ones from the whole set until `count` remain.
      positions = Array.from({ length: size }, (_, position) => position);
      while (positions.length > count) {
        const discard = Math.floor(random() * positions.length);
        positions[discard] = positions[positions.length - 1] ?? 0;
        positions.pop();
      }
    } else {
      const picked = new Set<number>();
      while (picked.size < count) {
        picked.add(Math.floor(random() * size));
      }
      positions = [...picked];
    }
    const items: Reply[] = [];
    for (const position of positions) {
      items.push(reply.bulk(hash.fieldAt(position)));
      if (withValues) {
        items.push(reply.bulk(hash.valueAt(position)));
      }
    }
    return reply.array(items);
  },
});

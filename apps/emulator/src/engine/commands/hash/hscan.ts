import { globMatch } from "../../glob.ts";
import { type Reply, reply } from "../../reply.ts";
import {
  cursorPosition,
  lookupHash,
  parseScanCursor,
  parseScanOptions,
} from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

const EMPTY_SCAN = reply.array([reply.bulk("0"), reply.array([])]);

/**
 * HSCAN key cursor [MATCH pattern] [COUNT count] [NOVALUES]: one step of an iteration over the
 * fields (and values). Small (listpack) hashes are returned whole with cursor 0, as Redis does;
 * the hashtable cursor is described in `values/hash.ts`.
 * @see https://redis.io/commands/hscan
 */
export const hscan = defineCommand({
  name: "HSCAN",
  group: "hash",
  arity: -3,
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
  since: "2.8.0",
  summary: "Iterates over fields and values of a hash.",
  complexity:
    "O(1) for every call. O(N) for a complete iteration, including enough command calls for the cursor to return back to 0. N is the number of elements inside the collection.",
  parse: (args) => ({
    key: args.key(),
    cursor: parseScanCursor(args.string()),
    options: args.rest(),
  }),
  run: (ctx, { key, cursor, options }) => {
    const hash = lookupHash(ctx, key);
    if (hash === undefined) {
      return EMPTY_SCAN;
    }
    const { pattern, count, noValues } = parseScanOptions(options, true);
    const items: Reply[] = [];
    const emit = (position: number): void => {
      const field = hash.fieldAt(position);
      if (pattern !== undefined && !globMatch(pattern, field)) {
        return;
      }
      items.push(reply.bulk(field));
      if (!noValues) {
        items.push(reply.bulk(hash.valueAt(position)));
      }
    };
    if (!hash.isHashtable) {
      for (let position = 0; position < hash.size; position++) {
        emit(position);
      }
      return reply.array([reply.bulk("0"), reply.array(items)]);
    }
    const step = hash.scanPositions(cursorPosition(cursor, hash.size), count);
    for (const position of step.positions) {
      emit(position);
    }
    return reply.array([reply.bulk(String(step.next)), reply.array(items)]);
  },
});

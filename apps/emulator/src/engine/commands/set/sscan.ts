import { globMatch } from "../../glob.ts";
import { reply } from "../../reply.ts";
import { cursorPosition, parseScanCursor, parseScanOptions } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

const EMPTY_SCAN = reply.array([reply.bulk("0"), reply.array([])]);

/**
 * SSCAN key cursor [MATCH pattern] [COUNT count]: one step of an iteration over the members.
 * Intsets and listpacks are returned whole with cursor 0, as Redis does; the hashtable cursor is
 * described in `values/hash.ts`.
 * @see https://redis.io/commands/sscan
 */
export const sscan = defineCommand({
  name: "SSCAN",
  group: "set",
  arity: -3,
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
  since: "2.8.0",
  summary: "Iterates over members of a set.",
  complexity:
    "O(1) for every call. O(N) for a complete iteration, including enough command calls for the cursor to return back to 0. N is the number of elements inside the collection.",
  parse: (args) => ({
    key: args.key(),
    cursor: parseScanCursor(args.string()),
    options: args.rest(),
  }),
  run: (ctx, { key, cursor, options }) => {
    const set = ctx.db.getContainer(key, "set");
    if (set === undefined) {
      return EMPTY_SCAN;
    }
    // Options are read only once the key is known to exist, as Redis does.
    const { pattern, count } = parseScanOptions(options, false);
    const matches = (member: string): boolean =>
      pattern === undefined || globMatch(pattern, member);
    if (set.encoding() !== "hashtable") {
      return reply.array([reply.bulk("0"), reply.bulks(set.members.filter(matches))]);
    }
    const step = set.scanPositions(cursorPosition(cursor, set.size), count);
    const members = step.positions.map((position) => set.at(position)).filter(matches);
    return reply.array([reply.bulk(String(step.next)), reply.bulks(members)]);
  },
});

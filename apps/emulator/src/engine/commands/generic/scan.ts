import { asciiLower } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { globMatch } from "../../glob.ts";
import { reply } from "../../reply.ts";
import { parseScanCursor } from "../../scan-cursor.ts";
import { typeOf } from "../../values/types.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

interface ScanOptions {
  readonly cursor: bigint;
  readonly count: number;
  /** Undefined without MATCH or with `*`. */
  readonly pattern: string | undefined;
  readonly type: string | undefined;
  /** The service's WITHTYPE: each key followed by its type. */
  readonly withType: boolean;
}

/** The cursor, then `scanGenericCommand`'s options in any order (the last of each wins). */
function parseScan(args: Args): ScanOptions {
  const cursor = parseScanCursor(args.string());
  let count = 10;
  let pattern: string | undefined;
  let type: string | undefined;
  let withType = false;
  while (args.hasMore()) {
    const token = args.token();
    if (token === "COUNT" && args.hasMore()) {
      const value = args.bigInteger();
      if (value < 1) {
        throw new ReplyError(ERR.SYNTAX);
      }
      count = Number(value);
    } else if (token === "MATCH" && args.hasMore()) {
      const text = args.string();
      pattern = text === "*" ? undefined : text;
    } else if (token === "TYPE" && args.hasMore()) {
      type = asciiLower(args.string());
    } else if (token === "WITHTYPE") {
      withType = true;
    } else if (token === "NOVALUES") {
      throw new ReplyError(ERR.NOVALUES_NOT_HSCAN);
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  return { cursor, count, pattern, type, withType };
}

/**
 * SCAN cursor [MATCH pattern] [COUNT count] [TYPE type] [WITHTYPE]: examines about COUNT keys from
 * the cursor and returns `[next cursor, matching keys]`; cursor 0 starts and ends an iteration. See
 * `scan-cursor.ts` for how the cursor keeps SCAN's guarantees. WITHTYPE is the service's (Redis has
 * none, docs/differences.md): the keys come as a flat list `[key1, type1, key2, type2, …]`, the
 * reply @upstash/redis's `scan(cursor, { withType: true })` reads.
 * @see https://redis.io/commands/scan
 */
export const scan = defineCommand({
  name: "SCAN",
  group: "generic",
  arity: -2,
  flags: ["readonly"],
  categories: ["keyspace"],
  traits: ["read-only-token-denied"],
  since: "2.8.0",
  summary: "Iterates over the key names in the database.",
  complexity:
    "O(1) for every call. O(N) for a complete iteration, including enough command calls for the cursor to return back to 0. N is the number of elements inside the collection.",
  parse: parseScan,
  run: (ctx, { cursor, count, pattern, type, withType }) => {
    const page = ctx.server.scanCursors.next(ctx.db, cursor, count);
    const keys: string[] = [];
    for (const key of page.keys) {
      // Expired keys are removed on the way, as Redis's expireIfNeeded does during SCAN.
      const value = ctx.db.peek(key);
      if (value === undefined) {
        continue;
      }
      if (pattern !== undefined && !globMatch(pattern, key)) {
        continue;
      }
      // Emulator difference: an unknown TYPE matches nothing (Redis 7.0); newer Redis may refuse it.
      if (type !== undefined && asciiLower(typeOf(value)) !== type) {
        continue;
      }
      keys.push(key);
      if (withType) {
        keys.push(typeOf(value));
      }
    }
    return reply.array([reply.bulk(page.cursor), reply.bulks(keys)]);
  },
});

import { inDatabase } from "../../db-switch.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * COPY source destination [DB destination-db] [REPLACE]: copies the value and its TTL; 1 when
 * copied, 0 when the source is missing, the destination exists without REPLACE, or (as the
 * service answers) the source is the destination.
 * @see https://redis.io/commands/copy
 */
export const copy = defineCommand({
  name: "COPY",
  group: "generic",
  arity: -3,
  flags: ["write", "denyoom"],
  categories: ["keyspace"],
  keys: { first: 1, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      flags: ["OW", "update"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "6.2.0",
  summary: "Copies the value of a key to a new key.",
  complexity:
    "O(N) worst case for collections, where N is the number of nested items. O(1) for string values.",
  parse: (args) => {
    const source = args.key();
    const destination = args.key();
    let db: number | bigint | undefined;
    let replace = false;
    while (args.hasMore()) {
      const token = args.token();
      if (token === "REPLACE") {
        replace = true;
      } else if (token === "DB" && args.hasMore()) {
        db = args.bigInteger();
      } else {
        throw new ReplyError(ERR.SYNTAX);
      }
    }
    return { source, destination, db, replace };
  },
  run: (ctx, { source, destination, db, replace }) => {
    const targetIndex = db === undefined ? ctx.db.index : Number(db);
    const target = ctx.server.databases[targetIndex];
    if (target === undefined || typeof db === "bigint") {
      throw new ReplyError(ERR.DB_INDEX_OUT_OF_RANGE);
    }
    if (target === ctx.db && source === destination) {
      // Service behaviour (docs/differences.md): 0, where Redis answers ERR.SAME_OBJECT.
      return reply.integer(0);
    }
    const value = ctx.db.get(source);
    if (value === undefined) {
      return reply.integer(0);
    }
    const expiresAt = ctx.db.expiresAt(source);
    if (target.has(destination)) {
      if (!replace) {
        return reply.integer(0);
      }
      target.delete(destination);
    }
    target.set(destination, typeof value === "string" ? value : value.clone());
    if (expiresAt !== undefined) {
      target.setExpiresAt(destination, expiresAt);
    }
    inDatabase(ctx, targetIndex, () => ctx.modified(destination, "copy_to", "g"));
    return reply.integer(1);
  },
});

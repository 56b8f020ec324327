import { inDatabase, parseDatabaseIndex } from "../../db-switch.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * MOVE key db: moves the key (with its TTL) to another database; 1 when moved, 0 when the key is
 * missing or already exists there.
 * @see https://redis.io/commands/move
 */
export const move = defineCommand({
  name: "MOVE",
  group: "generic",
  arity: 3,
  flags: ["write", "fast"],
  categories: ["keyspace"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Moves a key to another database.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), db: parseDatabaseIndex(args.string()) }),
  run: (ctx, { key, db }) => {
    const target = ctx.server.databases[db];
    if (target === undefined) {
      throw new ReplyError(ERR.DB_INDEX_OUT_OF_RANGE);
    }
    if (target === ctx.db) {
      throw new ReplyError(ERR.SAME_OBJECT);
    }
    const value = ctx.db.get(key);
    if (value === undefined) {
      return reply.integer(0);
    }
    const expiresAt = ctx.db.expiresAt(key);
    if (target.has(key)) {
      return reply.integer(0);
    }
    target.set(key, value);
    if (expiresAt !== undefined) {
      target.setExpiresAt(key, expiresAt);
    }
    ctx.db.delete(key);
    ctx.modified(key, "move_from", "g");
    inDatabase(ctx, db, () => ctx.modified(key, "move_to", "g"));
    return reply.integer(1);
  },
});

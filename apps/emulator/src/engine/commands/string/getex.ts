import { reply } from "../../reply.ts";
import { extendedExpireAtMs, parseExtendedStringArgs, STRING_FLAG } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

/**
 * GETEX key [EX seconds | PX milliseconds | EXAT unix-time-seconds | PXAT unix-time-milliseconds |
 * PERSIST]: the string at `key`, setting or removing its expiry.
 * @see https://redis.io/commands/getex
 */
export const getex = defineCommand({
  name: "GETEX",
  group: "string",
  arity: -2,
  flags: ["write", "fast"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      notes: "RW and UPDATE because it changes the TTL",
      flags: ["RW", "access", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "6.2.0",
  summary: "Returns the string value of a key after setting its expiration time.",
  complexity: "O(1)",
  parse: (args) => {
    const key = args.key();
    const options = parseExtendedStringArgs(args.argv, 2, "getex");
    args.rest();
    return { key, options };
  },
  run: (ctx, { key, options }) => {
    const { db } = ctx;
    const value = db.getString(key);
    if (value === undefined) {
      return reply.null();
    }
    // The expiry is only validated for an existing string (getexCommand).
    const expiresAt = extendedExpireAtMs(options, ctx.now, "getex");
    const isAbsolute = (options.flags & (STRING_FLAG.EXAT | STRING_FLAG.PXAT)) !== 0;
    if (expiresAt !== undefined && isAbsolute && expiresAt <= ctx.now) {
      // An absolute time already past deletes the key, and replicates as DEL.
      db.delete(key);
      ctx.modified(key, "del", "g");
      ctx.propagate(["DEL", key]);
    } else if (expiresAt !== undefined) {
      db.setExpiresAt(key, expiresAt);
      ctx.modified(key, "expire", "g");
      ctx.propagate(["PEXPIREAT", key, String(expiresAt)]);
    } else if ((options.flags & STRING_FLAG.PERSIST) !== 0 && db.persist(key)) {
      ctx.modified(key, "persist", "g");
      ctx.propagate(["PERSIST", key]);
    }
    return reply.bulk(value);
  },
});

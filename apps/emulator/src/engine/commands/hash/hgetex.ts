import { asciiUpper } from "../../bytes.ts";
import { ERR } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { deleteHashIfEmpty, lookupHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";
import { parseFieldExpiry, parseFieldsBlock } from "./_field-expiry.ts";

const EXPIRY_OPTIONS: Readonly<
  Record<string, { readonly unit: "seconds" | "milliseconds"; readonly isRelative: boolean }>
> = {
  EX: { unit: "seconds", isRelative: true },
  PX: { unit: "milliseconds", isRelative: true },
  EXAT: { unit: "seconds", isRelative: false },
  PXAT: { unit: "milliseconds", isRelative: false },
};

/**
 * HGETEX key [EX seconds | PX milliseconds | EXAT unix-time-seconds | PXAT unix-time-milliseconds |
 * PERSIST] FIELDS numfields field [field ...]: the value of each field (nil when absent), and sets
 * or removes the expiry of the fields that exist.
 * @see https://redis.io/commands/hgetex
 */
export const hgetex = defineCommand({
  name: "HGETEX",
  group: "hash",
  arity: -5,
  flags: ["write", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  since: "8.0.0",
  summary:
    "Get the value of one or more fields of a given hash key, and optionally set their expiration.",
  complexity: "O(N) where N is the number of specified fields",
  parse: (args) => ({ key: args.key(), rest: args.rest() }),
  run: (ctx, { key }) => {
    const argv = ctx.argv;
    // WRONGTYPE comes before argument errors (hgetexCommand).
    ctx.db.getContainer(key, "hash");
    const option = asciiUpper(argv[2] ?? "");
    const expiry = EXPIRY_OPTIONS[option];
    const isPersist = option === "PERSIST";
    let atMs: number | undefined;
    let fieldsAt = 2;
    if (expiry !== undefined) {
      atMs = parseFieldExpiry(
        argv[3] ?? "",
        { unit: expiry.unit, baseMs: expiry.isRelative ? ctx.now : 0 },
        "hgetex",
      );
      fieldsAt = 4;
    } else if (isPersist) {
      fieldsAt = 3;
    }
    const fields = parseFieldsBlock(argv, fieldsAt, ERR.NUMFIELDS_NOT_POSITIVE);
    const hash = lookupHash(ctx, key);
    if (hash === undefined) {
      return reply.bulksOrNull(fields.map(() => undefined));
    }
    if (atMs !== undefined || isPersist) {
      hash.enableFieldExpiry();
    }
    let updated = 0;
    let deleted = 0;
    const values = fields.map((field) => {
      const value = hash.get(field);
      if (value === undefined) {
        return undefined;
      }
      if (isPersist) {
        updated += hash.persist(field) ? 1 : 0;
      } else if (atMs !== undefined && atMs <= ctx.now) {
        hash.delete(field);
        ctx.propagate(["HDEL", key, field]);
        deleted++;
      } else if (atMs !== undefined) {
        hash.setExpiresAt(field, atMs);
        updated++;
      }
      return value;
    });
    if (updated > 0 && isPersist) {
      ctx.modified(key, "hpersist", "h");
      ctx.propagate(["HPERSIST", key, ...argv.slice(3)]);
    } else if (updated > 0) {
      // Logged with the absolute time, as Redis propagates it (HPEXPIREAT).
      ctx.modified(key, "hexpire", "h");
      ctx.propagate(["HPEXPIREAT", key, String(atMs), ...argv.slice(4)]);
    } else if (deleted > 0) {
      ctx.modified(key, "hdel", "h");
    }
    deleteHashIfEmpty(ctx, key);
    return reply.bulksOrNull(values);
  },
});

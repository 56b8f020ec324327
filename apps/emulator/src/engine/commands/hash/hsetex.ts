import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import { deleteHashIfEmpty, HashValue, hashLimits, lookupHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";
import { parseFieldExpiry } from "./_field-expiry.ts";

const EXPIRY_OPTIONS: Readonly<
  Record<string, { readonly unit: "seconds" | "milliseconds"; readonly isRelative: boolean }>
> = {
  EX: { unit: "seconds", isRelative: true },
  PX: { unit: "milliseconds", isRelative: true },
  EXAT: { unit: "seconds", isRelative: false },
  PXAT: { unit: "milliseconds", isRelative: false },
};
const INT_MAX = 2 ** 31 - 1;

interface HsetexOptions {
  readonly condition: "FNX" | "FXX" | undefined;
  /** Absolute expiry for the fields, and the argv index of its value (for the logged PXAT). */
  readonly expiry: { readonly atMs: number; readonly index: number } | undefined;
  readonly keepTtl: boolean;
  /** field, value, field, value, … */
  readonly pairs: readonly string[];
}

/**
 * `hsetexParseArgs`: options in any order, each once, then `FIELDS numfields field value…` up to
 * the end. Expiry times are read as they come, so their errors win over later arguments'.
 */
function parseOptions(argv: readonly string[], now: number): HsetexOptions {
  let condition: HsetexOptions["condition"];
  let expiry: HsetexOptions["expiry"];
  let keepTtl = false;
  for (let i = 2; i < argv.length; i++) {
    const argument = argv[i] ?? "";
    const token = asciiUpper(argument);
    const expiryOption = EXPIRY_OPTIONS[token];
    if (token === "FIELDS") {
      if (i >= argv.length - 3) {
        throw new ReplyError(ERR.WRONG_ARITY("hsetex"));
      }
      const count = parseIntegerArg(argv[i + 1] ?? "");
      if (count === undefined || Number(count) < 1 || Number(count) > INT_MAX) {
        throw new ReplyError(ERR.INVALID_NUMBER_OF_FIELDS);
      }
      const remaining = argv.length - i - 2;
      if (remaining % 2 !== 0 || Number(count) !== remaining / 2) {
        throw new ReplyError(ERR.WRONG_ARITY("hsetex"));
      }
      return { condition, expiry, keepTtl, pairs: argv.slice(i + 2) };
    }
    if (expiryOption !== undefined || token === "KEEPTTL") {
      if (expiry !== undefined || keepTtl) {
        throw new ReplyError(ERR.ONLY_ONE_EXPIRATION);
      }
      if (expiryOption === undefined) {
        keepTtl = true;
        continue;
      }
      // Redis's check; FIELDS must still follow, so the arity makes it unreachable in practice.
      if (i >= argv.length - 1) {
        throw new ReplyError(ERR.MISSING_EXPIRE_TIME);
      }
      i++;
      const baseMs = expiryOption.isRelative ? now : 0;
      const atMs = parseFieldExpiry(argv[i] ?? "", { unit: expiryOption.unit, baseMs }, "hsetex");
      expiry = { atMs, index: i };
    } else if (token === "FNX" || token === "FXX") {
      if (condition !== undefined) {
        throw new ReplyError(ERR.FNX_AND_FXX);
      }
      condition = token;
    } else {
      throw new ReplyError(ERR.UNKNOWN_ARGUMENT(argument));
    }
  }
  // Unreachable within the arity: at most three option arguments fit before FIELDS.
  throw new ReplyError(ERR.WRONG_ARITY("hsetex"));
}

/**
 * HSETEX key [FNX | FXX] [EX seconds | PX milliseconds | EXAT unix-time-seconds |
 * PXAT unix-time-milliseconds | KEEPTTL] FIELDS numfields field value [field value ...]: sets the
 * fields, optionally with an expiry; 1 when they were set, 0 when FNX/FXX refused.
 * @see https://redis.io/commands/hsetex
 */
export const hsetex = defineCommand({
  name: "HSETEX",
  group: "hash",
  arity: -6,
  flags: ["write", "denyoom", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  since: "8.0.0",
  summary:
    "Set the value of one or more fields of a given hash key, and optionally set their expiration.",
  complexity: "O(N) where N is the number of fields being set.",
  parse: (args) => ({ key: args.key(), rest: args.rest() }),
  run: (ctx, { key }) => {
    const options = parseOptions(ctx.argv, ctx.now);
    const { pairs, expiry } = options;
    let hash = lookupHash(ctx, key);
    if (hash === undefined) {
      if (options.condition === "FXX") {
        return reply.integer(0);
      }
      hash = ctx.db.getOrCreateContainer(key, "hash", () => new HashValue());
    }
    if (options.condition !== undefined) {
      let found = 0;
      for (let i = 0; i < pairs.length; i += 2) {
        found += hash.has(pairs[i] ?? "") ? 1 : 0;
      }
      const refused = options.condition === "FNX" ? found > 0 : found !== pairs.length / 2;
      if (refused) {
        return reply.integer(0);
      }
    }
    const limits = hashLimits(ctx.server.config);
    hash.prepareWrite(pairs, pairs.length / 2, limits);
    if (expiry !== undefined) {
      hash.enableFieldExpiry();
    }
    let updated = 0;
    let deleted = 0;
    for (let i = 0; i < pairs.length; i += 2) {
      const field = pairs[i] ?? "";
      const value = pairs[i + 1] ?? "";
      if (expiry === undefined && !options.keepTtl) {
        hash.set(field, value, limits);
        continue;
      }
      hash.setKeepingTtl(field, value, limits);
      if (expiry === undefined) {
        continue;
      }
      if (expiry.atMs <= ctx.now) {
        hash.delete(field);
        ctx.propagate(["HDEL", key, field]);
        deleted++;
      } else {
        hash.setExpiresAt(field, expiry.atMs);
        updated++;
      }
    }
    ctx.modified(key, "hset", "h");
    if (deleted + updated > 0) {
      ctx.notify(deleted > 0 ? "hdel" : "hexpire", key, "h");
    }
    if (deleted === 0) {
      // Relative and second-based expiries are logged as PXAT, as Redis rewrites them.
      const logged = [...ctx.argv];
      if (expiry !== undefined) {
        logged[expiry.index - 1] = "PXAT";
        logged[expiry.index] = String(expiry.atMs);
      }
      ctx.propagate(logged);
    }
    deleteHashIfEmpty(ctx, key);
    return reply.integer(1);
  },
});

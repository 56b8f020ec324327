import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import {
  digestMatches,
  type ExtendedStringArgs,
  extendedExpireAtMs,
  parseExtendedStringArgs,
  STRING_FLAG,
} from "../../values/string.ts";
import { defineCommand, type KeyReference } from "../define.ts";

const { NX, XX, GET, KEEPTTL, IFEQ, IFNE, IFDEQ, IFDNE } = STRING_FLAG;
/** Conditions that need the key to exist. */
const NEEDS_KEY = XX | IFEQ | IFDEQ;
const COMPARES = IFEQ | IFNE | IFDEQ | IFDNE;

/**
 * IFEQ/IFNE/IFDEQ/IFDNE against an existing value: whether the SET may go ahead. A condition on a
 * key of another type is WRONGTYPE.
 */
function comparisonHolds(current: unknown, options: ExtendedStringArgs): boolean {
  if (typeof current !== "string") {
    throw new ReplyError(ERR.WRONGTYPE);
  }
  const match = options.match ?? "";
  const equal = options.flags & (IFEQ | IFNE) ? current === match : digestMatches(current, match);
  return options.flags & (IFEQ | IFDEQ) ? equal : !equal;
}

/**
 * SET key value [NX | XX | IFEQ ifeq-value | IFNE ifne-value | IFDEQ ifdeq-digest |
 * IFDNE ifdne-digest] [GET] [EX seconds | PX milliseconds | EXAT unix-time-seconds |
 * PXAT unix-time-milliseconds | KEEPTTL]
 * @see https://redis.io/commands/set
 */
/** setGetKeys: with GET the key is read and written, else overwritten. */
function setKeysWithFlags(argv: readonly string[]): KeyReference[] {
  const hasGet = argv.slice(3).some((arg) => arg.length === 3 && asciiUpper(arg) === "GET");
  return [{ position: 1, flags: hasGet ? ["RW", "access", "update"] : ["OW", "update"] }];
}

export const set = defineCommand({
  name: "SET",
  group: "string",
  arity: -3,
  flags: ["write", "denyoom"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  keysWithFlags: setKeysWithFlags,
  keySpecs: [
    {
      notes: "RW and ACCESS due to the optional `GET` argument",
      flags: ["RW", "access", "update", "variable_flags"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary:
    "Sets the string value of a key, ignoring its type. The key is created if it doesn't exist.",
  complexity: "O(1)",
  parse: (args) => {
    const key = args.key();
    const value = args.string();
    // Options may come in any order; only the syntax is checked here (the expiry later).
    const options = parseExtendedStringArgs(args.argv, 3, "set");
    args.rest();
    return { key, value, options };
  },
  run: (ctx, { key, value, options }) => {
    const { db } = ctx;
    const { flags } = options;
    // The expiry is checked before anything is read or changed, as Redis does.
    const expiresAt = extendedExpireAtMs(options, ctx.now, "set");
    const returnsOld = (flags & GET) !== 0;
    const old = returnsOld ? db.getString(key) : undefined;
    // Plain SETs skip the lookup: they overwrite whatever is there.
    const current = flags & (NX | NEEDS_KEY | COMPARES) ? db.get(key) : undefined;
    const aborted = returnsOld ? reply.bulkOrNull(old) : reply.null();
    if ((flags & NX && current !== undefined) || (flags & NEEDS_KEY && current === undefined)) {
      return aborted;
    }
    if (current !== undefined && flags & COMPARES && !comparisonHolds(current, options)) {
      return aborted;
    }
    db.set(key, value, (flags & KEEPTTL) !== 0);
    ctx.modified(key, "set", "$");
    if (expiresAt !== undefined) {
      db.setExpiresAt(key, expiresAt);
      ctx.notify("expire", key, "g");
      // Log the absolute time so replay does not extend the TTL (Redis rewrites to PXAT too).
      ctx.propagate(["SET", key, value, "PXAT", String(expiresAt)]);
    } else if (flags & KEEPTTL) {
      ctx.propagate(["SET", key, value, "KEEPTTL"]);
    } else {
      // The conditions held now; replay must not re-evaluate them against other data.
      ctx.propagate(["SET", key, value]);
    }
    return returnsOld ? reply.bulkOrNull(old) : reply.ok();
  },
});

import { type ExpireArgument, optionExpireAtMs } from "../../expiry.ts";
import { reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";
import { ERR, ReplyError } from "../errors.ts";

interface SetOptions {
  readonly key: string;
  readonly value: string;
  readonly condition: "NX" | "XX" | undefined;
  readonly returnOld: boolean;
  readonly expire: ExpireArgument | undefined;
  readonly keepTtl: boolean;
}

const EXPIRE_OPTIONS: Readonly<Record<string, Omit<ExpireArgument, "amount">>> = {
  EX: { unit: "seconds", isRelative: true },
  PX: { unit: "milliseconds", isRelative: true },
  EXAT: { unit: "seconds", isRelative: false },
  PXAT: { unit: "milliseconds", isRelative: false },
};

/** Options may come in any order; each may appear once and conflicting ones are a syntax error. */
function parseSet(args: Args): SetOptions {
  const key = args.key();
  const value = args.string();
  let condition: SetOptions["condition"];
  let returnOld = false;
  let expire: ExpireArgument | undefined;
  let keepTtl = false;
  while (args.hasMore()) {
    const token = args.token();
    const expireOption = EXPIRE_OPTIONS[token];
    if ((token === "NX" || token === "XX") && condition === undefined) {
      condition = token;
    } else if (token === "GET" && !returnOld) {
      returnOld = true;
    } else if (token === "KEEPTTL" && expire === undefined && !keepTtl) {
      keepTtl = true;
    } else if (expireOption !== undefined && expire === undefined && !keepTtl && args.hasMore()) {
      expire = { ...expireOption, amount: args.bigInteger() };
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  return { key, value, condition, returnOld, expire, keepTtl };
}

/**
 * SET key value [NX | XX] [GET] [EX seconds | PX milliseconds | EXAT unix-time-seconds |
 * PXAT unix-time-milliseconds | KEEPTTL]
 * @see https://redis.io/commands/set
 */
export const set = defineCommand({
  name: "SET",
  group: "string",
  arity: -3,
  flags: ["write", "denyoom"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary:
    "Sets the string value of a key, ignoring its type. The key is created if it doesn't exist.",
  complexity: "O(1)",
  parse: parseSet,
  run: (ctx, options) => {
    const { db } = ctx;
    const { key, value } = options;
    // The expiry is checked before anything changes, as Redis does.
    const expiresAt =
      options.expire === undefined ? undefined : optionExpireAtMs(options.expire, ctx.now, "set");
    const old = options.returnOld ? db.getString(key) : undefined;
    const exists = options.returnOld
      ? old !== undefined
      : options.condition !== undefined && db.has(key);
    if ((options.condition === "NX" && exists) || (options.condition === "XX" && !exists)) {
      return options.returnOld ? reply.bulkOrNull(old) : reply.null();
    }
    db.set(key, value, options.keepTtl);
    ctx.modified(key, "set", "$");
    if (expiresAt !== undefined) {
      db.setExpiresAt(key, expiresAt);
      ctx.notify("expire", key, "g");
      // Log the absolute time so replay does not extend the TTL (Redis rewrites to PXAT too).
      ctx.propagate(["SET", key, value, "PXAT", String(expiresAt)]);
    } else if (options.keepTtl) {
      ctx.propagate(["SET", key, value, "KEEPTTL"]);
    } else {
      ctx.propagate(["SET", key, value]);
    }
    return options.returnOld ? reply.bulkOrNull(old) : reply.ok();
  },
});

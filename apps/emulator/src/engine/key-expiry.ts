/**
 * The shared bodies of the key-expiry commands (src/expire.c): EXPIRE, PEXPIRE, EXPIREAT and
 * PEXPIREAT differ only in unit and base time; TTL, PTTL, EXPIRETIME and PEXPIRETIME only in unit
 * and whether the answer is relative.
 */
import { asciiLower, asciiUpper } from "./bytes.ts";
import type { Args } from "./commands/args.ts";
import type { CommandContext } from "./commands/context.ts";
import { ERR, ReplyError } from "./errors.ts";
import { commandExpireAtMs, type ExpireUnit } from "./expiry.ts";
import { parseIntegerArg } from "./numbers.ts";
import { type Reply, reply } from "./reply.ts";

export interface ExpireCommandOptions {
  readonly key: string;
  readonly amount: number | bigint;
  /** NX, XX, GT and LT as given (upper case), propagated with the command as Redis does. */
  readonly flags: readonly string[];
}

/**
 * Parses `key amount [NX | XX | GT | LT]`. As in `parseExtendedExpireArgumentsOrReply`, the options
 * are checked before the amount is parsed.
 */
export function parseExpireCommand(args: Args): ExpireCommandOptions {
  const key = args.key();
  const amountText = args.string();
  const flags: string[] = args.rest().map((option) => {
    const flag = asciiUpper(option);
    if (flag !== "NX" && flag !== "XX" && flag !== "GT" && flag !== "LT") {
      throw new ReplyError(ERR.UNSUPPORTED_OPTION(option));
    }
    return flag;
  });
  const has = (flag: string): boolean => flags.includes(flag);
  if (has("NX") && (has("XX") || has("GT") || has("LT"))) {
    throw new ReplyError(ERR.EXPIRE_NX_AND_OTHERS);
  }
  if (has("GT") && has("LT")) {
    throw new ReplyError(ERR.EXPIRE_GT_AND_LT);
  }
  const amount = parseIntegerArg(amountText);
  if (amount === undefined) {
    throw new ReplyError(ERR.NOT_INTEGER);
  }
  return { key, amount, flags };
}

/**
 * `expireGenericCommand`: sets the key's absolute expiry (or deletes the key when that time has
 * passed) and logs the effect as `PEXPIREAT key <ms>` (or `DEL key`).
 */
export function runExpireCommand(
  ctx: CommandContext,
  options: ExpireCommandOptions,
  mode: { readonly unit: ExpireUnit; readonly isRelative: boolean },
): Reply {
  const command = asciiLower(ctx.argv[0] ?? "expire");
  const at = commandExpireAtMs(
    { amount: options.amount, unit: mode.unit, isRelative: mode.isRelative },
    ctx.now,
    command,
  );
  const { key, flags } = options;
  if (!ctx.db.has(key)) {
    return reply.integer(0);
  }
  const current = ctx.db.expiresAt(key);
  if (
    (flags.includes("NX") && current !== undefined) ||
    (flags.includes("XX") && current === undefined) ||
    // No TTL counts as an infinite one: GT never beats it, LT always does.
    (flags.includes("GT") && (current === undefined || at <= current)) ||
    (flags.includes("LT") && current !== undefined && at >= current)
  ) {
    return reply.integer(0);
  }
  if (at <= ctx.now) {
    ctx.db.delete(key);
    ctx.modified(key, "del", "g");
    ctx.propagate(["DEL", key]);
    return reply.integer(1);
  }
  ctx.db.setExpiresAt(key, at);
  ctx.modified(key, "expire", "g");
  ctx.propagate(["PEXPIREAT", key, String(at), ...flags]);
  return reply.integer(1);
}

/** `ttlGenericCommand`: -2 without the key, -1 without a TTL, else the TTL or the expiry time. */
export function ttlReply(
  ctx: CommandContext,
  key: string,
  mode: { readonly unit: ExpireUnit; readonly isAbsolute: boolean },
): Reply {
  // LOOKUP_NOTOUCH: asking for a TTL is not a use of the key.
  if (ctx.db.peek(key) === undefined) {
    return reply.integer(-2);
  }
  const at = ctx.db.expiresAt(key);
  if (at === undefined) {
    return reply.integer(-1);
  }
  const ms = Math.max(0, mode.isAbsolute ? at : at - ctx.now);
  // Seconds round to the nearest, as Redis's (ttl + 500) / 1000.
  return reply.integer(mode.unit === "milliseconds" ? ms : Math.floor((ms + 500) / 1000));
}

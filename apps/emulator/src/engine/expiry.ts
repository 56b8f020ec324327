/**
 * Turning EX/PX/EXAT/PXAT-style arguments into absolute expiry times, with Redis's overflow rules
 * (src/t_string.c getExpireMillisecondsOrReply, src/expire.c expireGenericCommand).
 */
import { ERR, ReplyError } from "./errors.ts";

const INT64_MAX = 2n ** 63n - 1n;

export type ExpireUnit = "seconds" | "milliseconds";

export interface ExpireArgument {
  readonly amount: number | bigint;
  readonly unit: ExpireUnit;
  /** EX/PX are relative to now; EXAT/PXAT are absolute Unix times. */
  readonly isRelative: boolean;
}

/**
 * The absolute expiry in ms for SET/GETEX/SETEX options. Non-positive amounts and overflow are
 * `ERR invalid expire time in '<command>' command`.
 */
export function optionExpireAtMs(argument: ExpireArgument, now: number, command: string): number {
  const amount = BigInt(argument.amount);
  if (amount <= 0n || (argument.unit === "seconds" && amount > INT64_MAX / 1000n)) {
    throw new ReplyError(ERR.INVALID_EXPIRE(command));
  }
  let ms = argument.unit === "seconds" ? amount * 1000n : amount;
  if (argument.isRelative) {
    ms += BigInt(now);
  }
  if (ms <= 0n || ms > INT64_MAX) {
    throw new ReplyError(ERR.INVALID_EXPIRE(command));
  }
  return Number(ms);
}

/**
 * The absolute expiry in ms for EXPIRE/PEXPIRE/EXPIREAT/PEXPIREAT, which accept zero and negative
 * values (the key is then deleted) but refuse overflow.
 */
export function commandExpireAtMs(argument: ExpireArgument, now: number, command: string): number {
  let ms = BigInt(argument.amount);
  const max = INT64_MAX;
  if (argument.unit === "seconds") {
    if (ms > max / 1000n || ms < -max / 1000n) {
      throw new ReplyError(ERR.INVALID_EXPIRE(command));
    }
    ms *= 1000n;
  }
  if (argument.isRelative) {
    if (ms > max - BigInt(now)) {
      throw new ReplyError(ERR.INVALID_EXPIRE(command));
    }
    ms += BigInt(now);
  }
  return Number(ms);
}

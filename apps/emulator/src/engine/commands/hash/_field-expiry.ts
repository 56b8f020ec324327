/**
 * The field-expiry family (HEXPIRE, HPEXPIRE, HEXPIREAT, HPEXPIREAT, HTTL, HPTTL, HEXPIRETIME,
 * HPEXPIRETIME) and the argument readers HSETEX, HGETEX, HGETDEL and HPERSIST share with it.
 */
import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import { deleteHashIfEmpty, lookupHash } from "../../values/hash.ts";
import type { CommandContext } from "../context.ts";

// ---- argument helpers shared by the field-expiry commands -------------------------------------

/** The largest expiry a field may get: `HFE_MAX_ABS_TIME_MSEC` = `EB_EXPIRE_TIME_MAX >> 2`. */
export const HFE_MAX_ABS_TIME_MS = 2 ** 46 - 1;

/**
 * The largest absolute time HEXPIREAT and HPEXPIREAT take. Service behaviour (docs/differences.md):
 * the service accepts times redis-server refuses as past `HFE_MAX_ABS_TIME_MS` (a millisecond
 * timestamp passed as seconds, say). The service's own limit is not documented: the emulator takes
 * any time up to 2^52 ms (about the year 144,683), which keeps every reply about field expiry
 * (HEXPIRETIME rounds up through `ms + 999`) an exact integer.
 */
export const SERVICE_MAX_FIELD_EXPIRE_AT_MS = 2n ** 52n;

/**
 * Redis's `parseExpireTime` (src/t_hash.c): a non-negative integer in `unit`, plus `baseMs` (now
 * for relative times, 0 for absolute ones), as an absolute time in ms. `isServiceRange` widens
 * the limit to the service's (HEXPIREAT, HPEXPIREAT).
 */
export function parseFieldExpiry(
  text: string,
  options: {
    readonly unit: "seconds" | "milliseconds";
    readonly baseMs: number;
    readonly isServiceRange?: boolean;
  },
  command: string,
): number {
  const parsed = parseIntegerArg(text);
  if (parsed === undefined) {
    throw new ReplyError(ERR.NOT_INTEGER);
  }
  if (options.isServiceRange === true) {
    const ms = options.unit === "seconds" ? BigInt(parsed) * 1000n : BigInt(parsed);
    if (ms < 0n) {
      throw new ReplyError(ERR.FIELD_EXPIRE_NEGATIVE);
    }
    if (ms > SERVICE_MAX_FIELD_EXPIRE_AT_MS) {
      throw new ReplyError(ERR.INVALID_EXPIRE(command));
    }
    return Number(ms);
  }
  let value = Number(parsed);
  if (value < 0) {
    throw new ReplyError(ERR.FIELD_EXPIRE_NEGATIVE);
  }
  if (options.unit === "seconds") {
    if (value > Math.floor(HFE_MAX_ABS_TIME_MS / 1000)) {
      throw new ReplyError(ERR.INVALID_EXPIRE(command));
    }
    value *= 1000;
  }
  if (value > HFE_MAX_ABS_TIME_MS - options.baseMs) {
    throw new ReplyError(ERR.INVALID_EXPIRE(command));
  }
  return value + options.baseMs;
}

/**
 * Reads `FIELDS numfields field…` at `argv[at]`, which must reach exactly the end of `argv`:
 * Redis checks the FIELDS token, then the count (`countError` when it is not a positive integer),
 * then that the count matches the arguments.
 */
export function parseFieldsBlock(
  argv: readonly string[],
  at: number,
  countError: string,
): string[] {
  const token = argv[at];
  if (token === undefined || asciiUpper(token) !== "FIELDS") {
    throw new ReplyError(ERR.FIELDS_MISSING);
  }
  const countText = argv[at + 1];
  const count = countText === undefined ? undefined : parseIntegerArg(countText);
  if (count === undefined || Number(count) < 1) {
    throw new ReplyError(countError);
  }
  if (Number(count) !== argv.length - at - 2) {
    throw new ReplyError(ERR.NUMFIELDS_MISMATCH);
  }
  return argv.slice(at + 2);
}

// ---- the field-expiry command family -----------------------------------------------------------

type ExpireCondition = "NX" | "XX" | "GT" | "LT";

function readCondition(token: string | undefined): ExpireCondition | undefined {
  const upper = token === undefined ? "" : asciiUpper(token);
  return upper === "NX" || upper === "XX" || upper === "GT" || upper === "LT" ? upper : undefined;
}

/** The NX/XX/GT/LT rules of `hashTypeSetExpiryHT`: a field without TTL counts as infinite. */
function conditionHolds(
  condition: ExpireCondition | undefined,
  previous: number | undefined,
  atMs: number,
): boolean {
  if (previous === undefined) {
    return condition !== "XX" && condition !== "GT";
  }
  return !(
    condition === "NX" ||
    (condition === "GT" && previous >= atMs) ||
    (condition === "LT" && previous <= atMs)
  );
}

/** Options of HEXPIRE, HPEXPIRE, HEXPIREAT and HPEXPIREAT. */
export interface FieldExpireCommand {
  /** Lower-case name, for error texts. */
  readonly name: string;
  readonly unit: "seconds" | "milliseconds";
  readonly isRelative: boolean;
}

/**
 * `hexpireGenericCommand`: `<cmd> key time [NX|XX|GT|LT] FIELDS numfields field…`, one reply per
 * field: -2 no such field, 0 condition not met, 1 expiry set, 2 deleted (time in the past). Logged
 * as HDELs for deleted fields plus one HPEXPIREAT (absolute ms) of the fields that were set.
 */
export function expireFields(ctx: CommandContext, command: FieldExpireCommand): Reply {
  const argv = ctx.argv;
  const key = argv[1] ?? "";
  // WRONGTYPE comes before argument errors; expired fields are removed only once they pass.
  ctx.db.getContainer(key, "hash");
  const atMs = parseFieldExpiry(
    argv[2] ?? "",
    {
      unit: command.unit,
      baseMs: command.isRelative ? ctx.now : 0,
      isServiceRange: !command.isRelative,
    },
    command.name,
  );
  const condition = readCondition(argv[3]);
  const fieldsAt = condition === undefined ? 3 : 4;
  const fields = parseFieldsBlock(argv, fieldsAt, ERR.NUMFIELDS_NOT_GREATER_THAN_ZERO);
  const hash = lookupHash(ctx, key);
  if (hash === undefined) {
    return reply.integers(fields.map(() => -2));
  }
  hash.enableFieldExpiry();
  const results: number[] = [];
  const updated: string[] = [];
  let deleted = 0;
  for (const field of fields) {
    if (!hash.has(field)) {
      results.push(-2);
    } else if (!conditionHolds(condition, hash.expiresAt(field), atMs)) {
      results.push(0);
    } else if (atMs <= ctx.now) {
      hash.delete(field);
      ctx.propagate(["HDEL", key, field]);
      deleted++;
      results.push(2);
    } else {
      hash.setExpiresAt(field, atMs);
      updated.push(field);
      results.push(1);
    }
  }
  if (deleted + updated.length > 0) {
    ctx.modified(key, deleted > 0 ? "hdel" : "hexpire", "h");
  }
  if (updated.length > 0) {
    const conditionArgs = condition === undefined ? [] : [argv[3] ?? condition];
    ctx.propagate([
      "HPEXPIREAT",
      key,
      String(atMs),
      ...conditionArgs,
      "FIELDS",
      String(updated.length),
      ...updated,
    ]);
  }
  deleteHashIfEmpty(ctx, key);
  return reply.integers(results);
}

/**
 * `httlGenericCommand`: `<cmd> key FIELDS numfields field…`, one reply per field: -2 no such
 * field, -1 no TTL, else the TTL (relative) or expiry time (absolute) in `unit`, rounded up for
 * seconds.
 */
export function fieldExpiries(
  ctx: CommandContext,
  options: { readonly unit: "seconds" | "milliseconds"; readonly isRelative: boolean },
): Reply {
  const argv = ctx.argv;
  const key = argv[1] ?? "";
  ctx.db.getContainer(key, "hash");
  const fields = parseFieldsBlock(argv, 2, ERR.NUMFIELDS_NOT_POSITIVE);
  const hash = lookupHash(ctx, key);
  const base = options.isRelative ? ctx.now : 0;
  return reply.integers(
    fields.map((field) => {
      if (hash?.has(field) !== true) {
        return -2;
      }
      const atMs = hash.expiresAt(field);
      if (atMs === undefined) {
        return -1;
      }
      return options.unit === "seconds" ? Math.floor((atMs + 999 - base) / 1000) : atMs - base;
    }),
  );
}

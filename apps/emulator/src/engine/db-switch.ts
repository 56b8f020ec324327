/**
 * Commands that change a key in another database (MOVE, COPY … DB) must report that change against
 * that database: WATCH, blocked clients and keyspace events are per database. `CommandContext`
 * reports against the session's database, so this switches it for the duration of `run`.
 */
import type { CommandContext } from "./commands/context.ts";
import { ERR, ReplyError } from "./errors.ts";
import { parseIntegerArg } from "./numbers.ts";

/** Runs `run` with `ctx.db` and `ctx.modified` addressing database `dbIndex`, then switches back. */
export function inDatabase<TResult>(
  ctx: CommandContext,
  dbIndex: number,
  run: () => TResult,
): TResult {
  const session = ctx.session;
  const previous = session.dbIndex;
  session.dbIndex = dbIndex;
  try {
    return run();
  } finally {
    session.dbIndex = previous;
  }
}

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

/**
 * A database index argument as `getIntFromObjectOrReply` reads it (SELECT, MOVE): an integer, else
 * `ERR value is not an integer…`, within 32 bits, else `ERR value is out of range, value must
 * between…`. Whether the database exists is the caller's check.
 */
export function parseDatabaseIndex(text: string): number {
  const value = parseIntegerArg(text);
  if (value === undefined) {
    throw new ReplyError(ERR.NOT_INTEGER);
  }
  if (value < INT_MIN || value > INT_MAX) {
    throw new ReplyError(ERR.VALUE_NOT_BETWEEN(String(INT_MIN), String(INT_MAX)));
  }
  return Number(value);
}

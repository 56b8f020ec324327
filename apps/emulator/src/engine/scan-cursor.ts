/**
 * SCAN's keyspace cursor.
 *
 * Redis walks its hash table in reverse-binary bucket order, which keeps SCAN's guarantees across
 * rehashing: a full iteration returns every key present from its start to its end at least once,
 * may return a key more than once, and is stateless on the server. Our databases are JS `Map`s, whose
 * iterators are *live*: an iterator visits every entry that exists for its whole lifetime exactly
 * once, skips entries deleted before it reaches them, and sees entries added behind it (a key deleted
 * and re-added may therefore come back twice, which SCAN allows). So a cursor here is an open `Map`
 * iterator, kept server-side in a bounded table:
 *
 * - The cursor string encodes a table slot id and the number of keys the iteration has passed:
 *   `id * 2^32 + position`. Each call consumes its cursor and issues a fresh one, so every call costs
 *   O(COUNT), like Redis.
 * - Cursor "0" starts an iteration and is returned when it ends.
 * - Only the most recent `MAX_OPEN_CURSORS` iterations are kept. A cursor whose iterator is gone
 *   (evicted, replayed by a client retrying a call, or made up) resumes positionally: it skips
 *   `position` keys of a fresh iterator. That degraded path still terminates and still returns every
 *   key when nothing was deleted meanwhile; deletions during it may make it skip keys.
 */
import { ERR, ReplyError } from "./errors.ts";
import type { Database } from "./keyspace.ts";

/** Open iterations kept per server; older ones fall back to positional resumption. */
const MAX_OPEN_CURSORS = 1024;
const POSITION_BITS = 32n;
const POSITION_MASK = (1n << POSITION_BITS) - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

interface OpenCursor {
  readonly db: Database;
  readonly keys: Iterator<string>;
  position: number;
}

export interface ScanPage {
  /** The cursor to pass next; "0" when the iteration is complete. */
  readonly cursor: string;
  /** Keys examined in this call (before filtering): at most `count`. */
  readonly keys: readonly string[];
}

/** Every open SCAN iteration of one server (the engine owns one: `ctx.server.scanCursors`). */
export class KeyspaceCursors {
  readonly #open = new Map<number, OpenCursor>();
  #nextId = 1;

  /**
   * Examines up to `count` keys of `db` from `cursor` and returns them (still to be filtered for
   * expiry, MATCH and TYPE by the caller) with the next cursor.
   */
  next(db: Database, cursor: bigint, count: number): ScanPage {
    const open = this.#take(db, cursor);
    const keys: string[] = [];
    while (keys.length < count) {
      const step = open.keys.next();
      if (step.done === true) {
        return { cursor: "0", keys };
      }
      keys.push(step.value);
      open.position++;
    }
    return { cursor: this.#park(open), keys };
  }

  #take(db: Database, cursor: bigint): OpenCursor {
    if (cursor === 0n) {
      return { db, keys: db.rawKeys(), position: 0 };
    }
    const id = Number(cursor >> POSITION_BITS);
    const open = this.#open.get(id);
    if (open !== undefined && open.db === db) {
      this.#open.delete(id);
      return open;
    }
    // Degraded path: resume by position on a fresh iterator (see the module comment).
    const position = Number(cursor & POSITION_MASK);
    const resumed: OpenCursor = { db, keys: db.rawKeys(), position: 0 };
    while (resumed.position < position && resumed.keys.next().done !== true) {
      resumed.position++;
    }
    return resumed;
  }

  #park(open: OpenCursor): string {
    // Ids wrap well before 2^31 so cursors stay below 2^63 and read back as positive integers.
    const id = this.#nextId;
    this.#nextId = this.#nextId >= 0x7fffffff ? 1 : this.#nextId + 1;
    this.#open.set(id, open);
    if (this.#open.size > MAX_OPEN_CURSORS) {
      // Maps iterate in insertion order, so the first entry is the least recently used.
      const oldest = this.#open.keys().next();
      if (oldest.done !== true) {
        this.#open.delete(oldest.value);
      }
    }
    const position = BigInt(Math.min(open.position, Number(POSITION_MASK)));
    return ((BigInt(id) << POSITION_BITS) | position).toString();
  }
}

const CURSOR_SYNTAX = /^([+-]?)([0-9]+)$/;

/**
 * `parseScanCursorOrReply` (src/db.c): `strtoul` of the whole text, so a sign is accepted (a negative
 * number wraps around) and anything else, or a value past 2^64 - 1, is `ERR invalid cursor`.
 */
export function parseScanCursor(text: string): bigint {
  const match = CURSOR_SYNTAX.exec(text);
  const magnitude = match === null ? undefined : BigInt(match[2] ?? "0");
  if (match === null || magnitude === undefined || magnitude > UINT64_MAX) {
    throw new ReplyError(ERR.INVALID_CURSOR);
  }
  return match[1] === "-" ? (UINT64_MAX + 1n - magnitude) & UINT64_MAX : magnitude;
}

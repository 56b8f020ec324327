/** Runs BITFIELD's and BITFIELD_RO's parsed subcommands on a key. */
import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import {
  applyBitfieldOverflow,
  type BitfieldOp,
  bytesToString,
  checkEngineStringLength,
  highestWrittenBit,
  readBitfield,
  stringToBytes,
  writeBitfield,
} from "../../values/string.ts";
import type { CommandContext } from "../context.ts";

/**
 * Runs BITFIELD's parsed subcommands on `key` (bitfieldGeneric). Only GETs read the key as is
 * (BITFIELD_RO allows nothing else); any SET or INCRBY first grows the string with zero bytes to
 * the highest bit written, then every subcommand runs in order on the result.
 */
export function runBitfield(
  ctx: CommandContext,
  request: { key: string; ops: readonly BitfieldOp[]; isReadOnly: boolean },
): Reply[] {
  const { db } = ctx;
  const { key, ops } = request;
  const highest = highestWrittenBit(ops);
  if (highest < 0) {
    const value = db.getString(key) ?? "";
    const byteAt = (index: number): number => (index < value.length ? value.charCodeAt(index) : 0);
    return ops.map((op) => reply.integer(toReplyInteger(readBitfield(byteAt, op))));
  }
  if (request.isReadOnly) {
    throw new ReplyError(ERR.BITFIELD_RO_GET_ONLY);
  }
  const current = db.getString(key);
  const oldLength = current?.length ?? 0;
  const length = Math.max(oldLength, Math.floor(highest / 8) + 1);
  checkEngineStringLength(length);
  const grew = current === undefined || length > oldLength;
  const bytes = stringToBytes(current ?? "", length);
  const byteAt = (index: number): number => bytes[index] ?? 0;
  let changes = 0;
  const replies = ops.map((op) => {
    const old = readBitfield(byteAt, op);
    if (op.kind === "GET") {
      return reply.integer(toReplyInteger(old));
    }
    // An unsigned SET takes the 64-bit argument as unsigned, so -1 saturates to the maximum.
    const base = op.kind === "INCRBY" ? old : op.isSigned ? op.value : BigInt.asUintN(64, op.value);
    const next = applyBitfieldOverflow(op, base, op.kind === "INCRBY" ? op.value : 0n);
    if (next === undefined) {
      return reply.null();
    }
    writeBitfield(bytes, op, next);
    if (grew || old !== next) {
      changes++;
    }
    return reply.integer(toReplyInteger(op.kind === "SET" ? old : next));
  });
  // Redis grows (or creates) the string even when every write then fails with OVERFLOW FAIL,
  // but only signals and counts a change when a field was written.
  if (grew || changes > 0) {
    db.set(key, bytesToString(bytes, length), true);
  }
  if (changes > 0) {
    ctx.modified(key, "setbit", "$");
    // bitfieldGeneric adds one to `dirty` per field written.
    ctx.server.stats.dirty += changes - 1;
  }
  return replies;
}

/** Replies carry numbers, and bigints only beyond 2^53. */
function toReplyInteger(value: bigint): number | bigint {
  const asNumber = Number(value);
  return Number.isSafeInteger(asNumber) ? asNumber : value;
}

/**
 * The sorted set codec: a listpack of member/score pairs in ascending order
 * (`RDB_TYPE_ZSET_LISTPACK`; a score that `double2ll` accepts is an integer entry, others the
 * `d2string` text) or, for the skiplist encoding, `RDB_TYPE_ZSET_2`: a length, then members from
 * the highest to the lowest with binary doubles. Loading converts as `rdbLoadObject` does under
 * the `zset-max-listpack-*` limits. The old text-score `RDB_TYPE_ZSET` and RDB 9's `RDB_TYPE_ZSET_ZIPLIST` are read too.
 */

import {
  type DumpCodec,
  DumpFormatError,
  type DumpLimits,
  type DumpReader,
  type DumpWriter,
  RDB_TYPE,
} from "../dump-format.ts";
import { formatDouble, parseFloatArg } from "../numbers.ts";
import { SortedSet, type SortedSetLimits } from "../values/sorted-set.ts";
import type { Container, ContainerValue } from "../values/types.ts";
import { decodeListpack, encodeListpack, type ListpackItem } from "./listpack.ts";
import { decodeZiplist } from "./ziplist.ts";

const RDB_TYPE_ZSET_ZIPLIST = 12;
const RDB_TYPE_ZSET_LISTPACK = 17;
/** `double2ll`'s range: integral scores within ±LLONG_MAX/2 are stored as integers. */
const INTEGER_SCORE_LIMIT = 2 ** 62;

/** Limits large enough that building the set never converts it on the way. */
const UNLIMITED: SortedSetLimits = {
  maxListpackEntries: Number.MAX_SAFE_INTEGER,
  maxListpackValue: Number.MAX_SAFE_INTEGER,
};

/** A score as `zzlInsertAt` stores it. */
function scoreItem(score: number): ListpackItem {
  if (Number.isInteger(score) && Math.abs(score) <= INTEGER_SCORE_LIMIT) {
    return Number.isSafeInteger(score) ? score : BigInt(score);
  }
  return formatDouble(score);
}

function parseScore(text: string): number {
  const score = parseFloatArg(text);
  if (score === undefined) {
    throw new DumpFormatError("bad sorted set score");
  }
  return score;
}

/** `rdbLoadDoubleValue`: a length byte (253 NaN, 254 +inf, 255 -inf) and the text. */
function readTextScore(reader: DumpReader): number {
  const length = reader.byte();
  if (length === 253) {
    throw new DumpFormatError("NaN score");
  }
  if (length === 254 || length === 255) {
    return length === 254 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  }
  return parseScore(reader.raw(length));
}

export const sortedSetCodec: DumpCodec = {
  type: "zset",
  rdbTypes: [RDB_TYPE.ZSET, RDB_TYPE.ZSET_2, RDB_TYPE_ZSET_ZIPLIST, RDB_TYPE_ZSET_LISTPACK],
  serialize(value: ContainerValue, writer: DumpWriter): number {
    const set = value as SortedSet;
    if (set.encoding() === "listpack") {
      const items: ListpackItem[] = [];
      for (let rank = 0; rank < set.size; rank++) {
        const [member, score] = set.at(rank) ?? ["", 0];
        items.push(member, scoreItem(score));
      }
      writer.string(encodeListpack(items));
      return RDB_TYPE_ZSET_LISTPACK;
    }
    writer.length(set.size);
    for (let rank = set.size - 1; rank >= 0; rank--) {
      const [member, score] = set.at(rank) ?? ["", 0];
      writer.string(member);
      writer.double(score);
    }
    return RDB_TYPE.ZSET_2;
  },
  deserialize(reader: DumpReader, rdbType: number, limits: DumpLimits): Container {
    const loadLimits: SortedSetLimits = {
      maxListpackEntries: limits.zsetMaxListpackEntries,
      maxListpackValue: limits.zsetMaxListpackValue,
    };
    const set = SortedSet.create(UNLIMITED, { size: 0, memberLength: 0 });
    const add = (member: string, score: number): void => {
      if (Number.isNaN(score)) {
        throw new DumpFormatError("NaN score");
      }
      if (set.add(member, score, { flags: { nx: true }, limits: UNLIMITED }).outcome !== "added") {
        throw new DumpFormatError("duplicate sorted set member");
      }
    };
    if (rdbType === RDB_TYPE_ZSET_LISTPACK || rdbType === RDB_TYPE_ZSET_ZIPLIST) {
      const blob = reader.string();
      const items = rdbType === RDB_TYPE_ZSET_LISTPACK ? decodeListpack(blob) : decodeZiplist(blob);
      if (items.length % 2 !== 0) {
        throw new DumpFormatError("odd sorted set listpack");
      }
      for (let i = 0; i < items.length; i += 2) {
        add(items[i] ?? "", parseScore(items[i + 1] ?? ""));
      }
      // Past the limits the listpack is converted (`zsetConvert` in rdbLoadObject).
      set.reserve(set.size, loadLimits);
    } else {
      for (let count = reader.length(); count > 0; count--) {
        const member = reader.string();
        add(member, rdbType === RDB_TYPE.ZSET_2 ? reader.double() : readTextScore(reader));
      }
      // A skiplist small enough becomes a listpack (`zsetConvertToListpackIfNeeded`).
      set.useSkiplist();
      set.compactIfSmall(loadLimits);
    }
    if (set.isEmpty()) {
      throw new DumpFormatError("empty sorted set");
    }
    return set;
  },
};

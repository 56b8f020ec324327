/**
 * The hash codec, with Redis 7.4+'s field TTLs (RDB 12):
 * - `listpack` → `RDB_TYPE_HASH_LISTPACK`: a listpack of field/value pairs.
 * - `listpackex` → `RDB_TYPE_HASH_LISTPACK_EX`: the earliest field expiry (ms, 0 for none), then a
 *   listpack of field/value/expiry triplets (0 = no TTL), in the listpackex order (fields with a
 *   TTL first, by expiry).
 * - `hashtable` without TTLs → `RDB_TYPE_HASH`: a length and plain field/value strings.
 * - `hashtable` with TTLs → `RDB_TYPE_HASH_METADATA`: the earliest expiry, a length, then per field
 *   its TTL as a length (0 none, else `expiry - minExpire + 1`), the field and the value.
 * Loading converts as `rdbLoadObject` does under the `hash-max-listpack-*` limits. Fields
 * whose TTL has passed are kept: the hash drops them on the next access, as lazy expiry does.
 * Of the 7.4 release-candidate types only the listpackex one (no minimum prefix) is read; RDB 9's
 * `RDB_TYPE_HASH_ZIPLIST` is read too.
 */
import {
  type DumpCodec,
  DumpFormatError,
  type DumpLimits,
  type DumpReader,
  type DumpWriter,
  RDB_TYPE,
} from "../dump-format.ts";
import { type HashLimits, HashValue } from "../values/hash.ts";
import type { Container, ContainerValue } from "../values/types.ts";
import { decodeListpack, encodeListpack, type ListpackItem } from "./listpack.ts";
import { decodeZiplist } from "./ziplist.ts";

const RDB_TYPE_HASH_ZIPLIST = 13;
const RDB_TYPE_HASH_LISTPACK = 16;
const RDB_TYPE_HASH_LISTPACK_EX_PRE_GA = 23;
const RDB_TYPE_HASH_METADATA = 24;
const RDB_TYPE_HASH_LISTPACK_EX = 25;
/** `HASH_LP_NO_TTL`. */
const NO_TTL = 0;

/** Limits large enough that building the hash never converts it on the way. */
const UNLIMITED: HashLimits = {
  maxEntries: Number.MAX_SAFE_INTEGER,
  maxValueLength: Number.MAX_SAFE_INTEGER,
};

/** The earliest field expiry, or undefined. */
function minExpiry(hash: HashValue): number | undefined {
  let min: number | undefined;
  for (const [field] of hash.entries()) {
    const at = hash.expiresAt(field);
    if (at !== undefined && (min === undefined || at < min)) {
      min = at;
    }
  }
  return min;
}

interface LoadedField {
  readonly field: string;
  readonly value: string;
  readonly expiresAt: number | undefined;
}

/** Builds the hash, in the encoding Redis ends up with after loading. */
function build(
  fields: readonly LoadedField[],
  isExpiryAware: boolean,
  limits: DumpLimits,
): HashValue {
  const hash = new HashValue();
  let isLarge = fields.length > limits.hashMaxListpackEntries;
  for (const { field, value } of fields) {
    if (hash.has(field)) {
      throw new DumpFormatError("duplicate hash field");
    }
    hash.set(field, value, UNLIMITED);
    isLarge ||=
      field.length > limits.hashMaxListpackValue || value.length > limits.hashMaxListpackValue;
  }
  if (isLarge) {
    hash.convertToHashtable();
  } else if (isExpiryAware) {
    hash.enableFieldExpiry();
  }
  for (const { field, expiresAt } of fields) {
    if (expiresAt !== undefined) {
      hash.setExpiresAt(field, expiresAt);
    }
  }
  if (hash.isEmpty()) {
    throw new DumpFormatError("empty hash");
  }
  return hash;
}

export const hashCodec: DumpCodec = {
  type: "hash",
  rdbTypes: [
    RDB_TYPE.HASH,
    RDB_TYPE_HASH_ZIPLIST,
    RDB_TYPE_HASH_LISTPACK,
    RDB_TYPE_HASH_LISTPACK_EX_PRE_GA,
    RDB_TYPE_HASH_METADATA,
    RDB_TYPE_HASH_LISTPACK_EX,
  ],
  serialize(value: ContainerValue, writer: DumpWriter): number {
    const hash = value as HashValue;
    const encoding = hash.encoding();
    if (encoding === "listpack") {
      writer.string(encodeListpack([...hash.entries()].flat()));
      return RDB_TYPE_HASH_LISTPACK;
    }
    const min = minExpiry(hash);
    if (encoding === "listpackex") {
      const items: ListpackItem[] = [];
      for (const [field, fieldValue] of hash.entries()) {
        items.push(field, fieldValue, hash.expiresAt(field) ?? NO_TTL);
      }
      writer.millisecondTime(min ?? 0);
      writer.string(encodeListpack(items));
      return RDB_TYPE_HASH_LISTPACK_EX;
    }
    if (min !== undefined) {
      writer.millisecondTime(min);
    }
    writer.length(hash.size);
    for (const [field, fieldValue] of hash.entries()) {
      if (min !== undefined) {
        const at = hash.expiresAt(field);
        writer.length(at === undefined ? 0 : at - min + 1);
      }
      writer.string(field);
      writer.string(fieldValue);
    }
    return min === undefined ? RDB_TYPE.HASH : RDB_TYPE_HASH_METADATA;
  },
  deserialize(reader: DumpReader, rdbType: number, limits: DumpLimits): Container {
    const fields: LoadedField[] = [];
    switch (rdbType) {
      case RDB_TYPE_HASH_LISTPACK:
      case RDB_TYPE_HASH_ZIPLIST: {
        const blob = reader.string();
        const items =
          rdbType === RDB_TYPE_HASH_LISTPACK ? decodeListpack(blob) : decodeZiplist(blob);
        if (items.length % 2 !== 0) {
          throw new DumpFormatError("odd hash listpack");
        }
        for (let i = 0; i < items.length; i += 2) {
          fields.push({ field: items[i] ?? "", value: items[i + 1] ?? "", expiresAt: undefined });
        }
        return build(fields, false, limits);
      }
      case RDB_TYPE_HASH_LISTPACK_EX:
      case RDB_TYPE_HASH_LISTPACK_EX_PRE_GA: {
        if (rdbType === RDB_TYPE_HASH_LISTPACK_EX) {
          reader.millisecondTime(); // the minimum expiry, recomputed from the fields
        }
        const items = decodeListpack(reader.string());
        if (items.length % 3 !== 0) {
          throw new DumpFormatError("bad listpackex hash");
        }
        for (let i = 0; i < items.length; i += 3) {
          const ttl = Number(items[i + 2]);
          if (!Number.isSafeInteger(ttl) || ttl < 0) {
            throw new DumpFormatError("bad field expiry");
          }
          fields.push({
            field: items[i] ?? "",
            value: items[i + 1] ?? "",
            expiresAt: ttl === NO_TTL ? undefined : ttl,
          });
        }
        return build(fields, true, limits);
      }
      default: {
        const hasMetadata = rdbType === RDB_TYPE_HASH_METADATA;
        const min = hasMetadata ? reader.millisecondTime() : 0;
        for (let count = reader.length(); count > 0; count--) {
          let expiresAt: number | undefined;
          if (hasMetadata) {
            const ttl = reader.length();
            expiresAt = ttl === 0 ? undefined : ttl + min - 1;
          }
          const field = reader.string();
          fields.push({ field, value: reader.string(), expiresAt });
        }
        return build(fields, hasMetadata, limits);
      }
    }
  },
};

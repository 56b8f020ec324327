/**
 * The set codec, with the RDB type of each encoding as `rdbSaveObjectType` picks it: an intset blob
 * (`RDB_TYPE_SET_INTSET`), a listpack of members (`RDB_TYPE_SET_LISTPACK`) or a length and plain
 * strings (`RDB_TYPE_SET`, hashtable). Loading converts as `rdbLoadObject` does with the
 * `set-max-*` limits: a plain set of few integers becomes an intset, a small one a listpack, and
 * an intset or listpack past the limits a hashtable.
 */
import {
  type DumpCodec,
  DumpFormatError,
  type DumpLimits,
  type DumpReader,
  type DumpWriter,
  RDB_TYPE,
} from "../dump-format.ts";
import { type SetLimits, SetValue } from "../values/set.ts";
import type { Container, ContainerValue } from "../values/types.ts";
import { decodeIntset, encodeIntset } from "./intset.ts";
import { decodeListpack, encodeListpack } from "./listpack.ts";

const RDB_TYPE_SET_INTSET = 11;
const RDB_TYPE_SET_LISTPACK = 20;

function setLimitsOf(limits: DumpLimits): SetLimits {
  return {
    maxIntsetEntries: limits.setMaxIntsetEntries,
    maxListpackEntries: limits.setMaxListpackEntries,
    maxListpackValueLength: limits.setMaxListpackValue,
  };
}

/** Limits large enough that building the set never converts it on the way. */
const UNLIMITED: SetLimits = {
  maxIntsetEntries: Number.MAX_SAFE_INTEGER,
  maxListpackEntries: Number.MAX_SAFE_INTEGER,
  maxListpackValueLength: Number.MAX_SAFE_INTEGER,
};

/** A set of `members` kept in `encoding` as loaded, converted when past the limits. */
function loadCompact(
  members: readonly string[],
  encoding: "intset" | "listpack",
  limits: SetLimits,
): SetValue {
  const set = new SetValue(encoding);
  for (const member of members) {
    if (!set.add(member, UNLIMITED)) {
      throw new DumpFormatError("duplicate set member");
    }
  }
  set.reserve(set.size, limits);
  return set;
}

export const setCodec: DumpCodec = {
  type: "set",
  rdbTypes: [RDB_TYPE.SET, RDB_TYPE_SET_INTSET, RDB_TYPE_SET_LISTPACK],
  serialize(value: ContainerValue, writer: DumpWriter): number {
    const set = value as SetValue;
    switch (set.encoding()) {
      case "intset":
        writer.string(encodeIntset(set.members));
        return RDB_TYPE_SET_INTSET;
      case "listpack":
        writer.string(encodeListpack(set.members));
        return RDB_TYPE_SET_LISTPACK;
      default:
        writer.length(set.size);
        for (const member of set.members) {
          writer.string(member);
        }
        return RDB_TYPE.SET;
    }
  },
  deserialize(reader: DumpReader, rdbType: number, limits: DumpLimits): Container {
    const loadLimits = setLimitsOf(limits);
    let set: SetValue;
    if (rdbType === RDB_TYPE_SET_INTSET) {
      set = loadCompact(decodeIntset(reader.string()), "intset", loadLimits);
    } else if (rdbType === RDB_TYPE_SET_LISTPACK) {
      set = loadCompact(decodeListpack(reader.string()), "listpack", loadLimits);
    } else {
      const count = reader.length();
      set = new SetValue(count > loadLimits.maxIntsetEntries ? "hashtable" : "intset");
      set.reserve(count, loadLimits);
      for (let i = 0; i < count; i++) {
        if (!set.add(reader.string(), loadLimits)) {
          throw new DumpFormatError("duplicate set member");
        }
      }
    }
    if (set.isEmpty()) {
      throw new DumpFormatError("empty set");
    }
    return set;
  },
};

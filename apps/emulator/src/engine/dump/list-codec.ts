/**
 * The list codec: Redis 8 writes every list as `RDB_TYPE_LIST_QUICKLIST_2`: a node count, then per
 * node its container (2 = packed listpack, 1 = plain) and the listpack as an RDB string. A listpack
 * encoded list is one node. A quicklist is split into nodes the way `quicklistPush` fills them
 * under `list-max-listpack-size` (default -2, 8 KB): the first node is the listpack that was
 * converted, later nodes take elements while `sz + element + 8` stays within the limit
 * (`_quicklistNodeAllowInsert`). Lists built by pushes at the tail split exactly as Redis's do.
 *
 * Reading also accepts `RDB_TYPE_LIST` (a length and plain strings) and the ziplist-based
 * `RDB_TYPE_LIST_ZIPLIST` and `RDB_TYPE_LIST_QUICKLIST` of RDB 9 and older.
 */
import {
  type DumpCodec,
  DumpFormatError,
  type DumpLimits,
  type DumpReader,
  type DumpWriter,
  RDB_TYPE,
} from "../dump-format.ts";
import { List } from "../values/list.ts";
import type { Container, ContainerValue } from "../values/types.ts";
import { decodeListpack, listpackBytes, listpackEntry, listpackFromEntries } from "./listpack.ts";
import { decodeZiplist } from "./ziplist.ts";

const RDB_TYPE_LIST_ZIPLIST = 10;
const RDB_TYPE_LIST_QUICKLIST = 14;
const RDB_TYPE_LIST_QUICKLIST_2 = 18;
const CONTAINER_PLAIN = 1;
const CONTAINER_PACKED = 2;
/** `SIZE_ESTIMATE_OVERHEAD` in src/quicklist.c. */
const SIZE_ESTIMATE_OVERHEAD = 8;
/** `optimization_level` in src/quicklist.c, for fills -1 … -5. */
const NODE_SIZE_LIMITS = [4096, 8192, 16384, 32768, 65536] as const;
const SIZE_SAFETY_LIMIT = 8192;

function exceedsLimit(fill: number, bytes: number, count: number): boolean {
  if (fill >= 0) {
    return count > (fill === 0 ? 1 : fill) || bytes > SIZE_SAFETY_LIMIT;
  }
  const limit = NODE_SIZE_LIMITS[Math.min(-fill - 1, NODE_SIZE_LIMITS.length - 1)] ?? 8192;
  return bytes > limit;
}

/** The listpack entries of each quicklist node. */
function splitNodes(list: List, fill: number): string[][] {
  const entries = Array.from(list.values(), (value) => [value, listpackEntry(value)] as const);
  if (list.encoding() === "listpack") {
    return [entries.map(([, entry]) => entry)];
  }
  const nodes: string[][] = [];
  let node: string[] = [];
  let bytes = listpackBytes(node);
  let isConverted = false;
  for (const [value, entry] of entries) {
    // Until the conversion the node is the listpack itself (`listTypeTryConversionAppend`); after
    // it, `_quicklistNodeAllowInsert` adds its estimate overhead.
    const added = value.length + (isConverted ? SIZE_ESTIMATE_OVERHEAD : 0);
    if (node.length > 0 && exceedsLimit(fill, bytes + added, node.length + 1)) {
      isConverted = true;
      nodes.push(node);
      node = [];
      bytes = listpackBytes(node);
    }
    node.push(entry);
    bytes += entry.length;
  }
  if (node.length > 0) {
    nodes.push(node);
  }
  return nodes;
}

export const listCodec: DumpCodec = {
  type: "list",
  rdbTypes: [
    RDB_TYPE.LIST,
    RDB_TYPE_LIST_ZIPLIST,
    RDB_TYPE_LIST_QUICKLIST,
    RDB_TYPE_LIST_QUICKLIST_2,
  ],
  serialize(value: ContainerValue, writer: DumpWriter, limits: DumpLimits): number {
    const list = value as List;
    const nodes = splitNodes(list, limits.listMaxListpackSize);
    writer.length(nodes.length);
    for (const node of nodes) {
      writer.length(CONTAINER_PACKED);
      writer.string(listpackFromEntries(node));
    }
    return RDB_TYPE_LIST_QUICKLIST_2;
  },
  deserialize(reader: DumpReader, rdbType: number, limits: DumpLimits): Container {
    const list = new List();
    if (rdbType === RDB_TYPE.LIST || rdbType === RDB_TYPE_LIST_ZIPLIST) {
      const items =
        rdbType === RDB_TYPE.LIST
          ? Array.from({ length: reader.length() }, () => reader.string())
          : decodeZiplist(reader.string());
      for (const item of items) {
        list.pushTail(item);
      }
      if (list.isEmpty()) {
        throw new DumpFormatError("empty list");
      }
      list.convertBeforeGrowing(limits.listMaxListpackSize, []);
      return list;
    }
    let nodes = 0;
    for (let count = reader.length(); count > 0; count--) {
      // RDB 9 quicklists are ziplist nodes without a container field.
      if (rdbType === RDB_TYPE_LIST_QUICKLIST) {
        const items = decodeZiplist(reader.string());
        nodes += items.length > 0 ? 1 : 0;
        for (const item of items) {
          list.pushTail(item);
        }
        continue;
      }
      const container = reader.length();
      const blob = reader.string();
      if (container === CONTAINER_PLAIN) {
        list.pushTail(blob);
        nodes++;
        continue;
      }
      if (container !== CONTAINER_PACKED) {
        throw new DumpFormatError("unknown quicklist container");
      }
      const items = decodeListpack(blob);
      // `rdbLoadObject` silently skips empty listpacks.
      if (items.length > 0) {
        nodes++;
      }
      for (const item of items) {
        list.pushTail(item);
      }
    }
    if (list.isEmpty()) {
      throw new DumpFormatError("empty list");
    }
    // `listTypeTryConversion(LIST_CONV_AUTO)`: one small packed node becomes a listpack.
    if (nodes > 1) {
      list.useQuicklist();
    } else {
      list.convertBeforeGrowing(limits.listMaxListpackSize, []);
    }
    return list;
  },
};

/**
 * The engine's DUMP/RESTORE codecs, one per container type, in one explicit table: DUMP, RESTORE,
 * DEBUG and the persistence snapshots pass `DUMP_CODECS` to `dumpValue`/`restoreValue`
 * (`dump-format.ts`). Nothing registers itself on import, so the package can declare
 * `"sideEffects": false`. A new value type fails to type-check until its codec is listed here.
 */
import { type DumpCodec, DumpCodecTable } from "../dump-format.ts";
import { jsonDumpCodec } from "../values/json/dump.ts";
import type { ContainerValue } from "../values/types.ts";
import { hashCodec } from "./hash-codec.ts";
import { listCodec } from "./list-codec.ts";
import { setCodec } from "./set-codec.ts";
import { sortedSetCodec } from "./sorted-set-codec.ts";
import { streamCodec } from "./stream-codec.ts";

/** Each container type's codec, keyed by the type it writes (`DumpCodec.type`). */
export const DUMP_CODECS_BY_TYPE: Readonly<Record<ContainerValue["type"], DumpCodec>> = {
  list: listCodec,
  set: setCodec,
  zset: sortedSetCodec,
  hash: hashCodec,
  stream: streamCodec,
  "ReJSON-RL": jsonDumpCodec,
};

export const DUMP_CODECS = new DumpCodecTable(Object.values(DUMP_CODECS_BY_TYPE));

import {
  type DumpCodec,
  DumpFormatError,
  type DumpReader,
  type DumpWriter,
} from "../../dump-format.ts";
import type { Container, ContainerValue } from "../types.ts";
import { isValidUtf8 } from "./arguments.ts";
import { jsonToBinary } from "./format.ts";
import { JsonSyntaxError, parseJson } from "./parse.ts";
import { JsonDocument } from "./value.ts";

/** RDB_TYPE_MODULE_2 (src/rdb.h): module values with typed opcodes. */
const RDB_TYPE_MODULE_2 = 7;
/** RDB_MODULE_OPCODE_* (src/rdb.h). */
const MODULE_OPCODE_EOF = 0;
const MODULE_OPCODE_STRING = 5;
/** RedisJSON's REDIS_JSON_TYPE_VERSION: version 3 saves the document as one JSON string. */
const JSON_ENCODING_VERSION = 3n;
const MODULE_TYPE_CHARSET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** `moduleTypeEncodeId` (src/module.c): the 9-character type name in 6-bit digits, then encver. */
function moduleTypeId(name: string, encodingVersion: bigint): bigint {
  let id = 0n;
  for (const char of name) {
    id = (id << 6n) | BigInt(MODULE_TYPE_CHARSET.indexOf(char));
  }
  return (id << 10n) | encodingVersion;
}

const JSON_MODULE_ID = moduleTypeId("ReJSON-RL", JSON_ENCODING_VERSION);

/** DUMP/RESTORE of JSON documents as RedisJSON writes them (listed in `dump/index.ts`). */
export const jsonDumpCodec: DumpCodec = {
  type: "ReJSON-RL",
  rdbTypes: [RDB_TYPE_MODULE_2],
  serialize: (value: ContainerValue, writer: DumpWriter): number => {
    // The module id needs 64 bits: RDB's 0x81 length form, big-endian.
    writer.byte(0x81);
    for (let shift = 56n; shift >= 0n; shift -= 8n) {
      writer.byte(Number((JSON_MODULE_ID >> shift) & 0xffn));
    }
    writer.length(MODULE_OPCODE_STRING);
    writer.string(jsonToBinary((value as JsonDocument).root));
    writer.length(MODULE_OPCODE_EOF);
    return RDB_TYPE_MODULE_2;
  },
  deserialize: (reader: DumpReader): Container => {
    if (reader.byte() !== 0x81) {
      throw new DumpFormatError("unexpected module id encoding");
    }
    let id = 0n;
    for (let i = 0; i < 8; i++) {
      id = (id << 8n) | BigInt(reader.byte());
    }
    if (id !== JSON_MODULE_ID || reader.length() !== MODULE_OPCODE_STRING) {
      throw new DumpFormatError("not a ReJSON-RL value");
    }
    const text = reader.string();
    if (reader.length() !== MODULE_OPCODE_EOF || !isValidUtf8(text)) {
      throw new DumpFormatError("malformed ReJSON-RL value");
    }
    try {
      // RDB loading has no depth limit in RedisJSON.
      return new JsonDocument(parseJson(text, { limitDepth: false }));
    } catch (error: unknown) {
      if (error instanceof JsonSyntaxError) {
        throw new DumpFormatError(error.message);
      }
      throw error;
    }
  },
};

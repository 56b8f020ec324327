/** JSON values as replies: bulk JSON text and JSON.RESP's RESP form. */
import { utf8ToBinary } from "../../bytes.ts";
import { formatDouble } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import { type JsonFormat, jsonToBinary } from "./format.ts";
import { I64_MAX, JsonFloat, type JsonValue } from "./value.ts";

/** A value serialised into a bulk string. */
export function jsonBulk(value: JsonValue, format?: JsonFormat): Reply {
  return reply.bulk(jsonToBinary(value, format));
}

/**
 * JSON.RESP's mapping: null → nil, booleans → simple strings, integers → integers, floats →
 * doubles (bulk strings in RESP2), arrays → `[` then the items, objects → `{` then key, value, ….
 */
export function jsonToResp(value: JsonValue): Reply {
  if (value === null) {
    return reply.null();
  }
  switch (typeof value) {
    case "boolean":
      return reply.simple(value ? "true" : "false");
    case "string":
      return reply.bulk(utf8ToBinary(value));
    case "number":
      return reply.integer(value);
    case "bigint":
      // u64 values beyond i64 are doubles to RedisJSON.
      return value <= I64_MAX ? reply.integer(value) : reply.bulk(formatDouble(Number(value)));
    default:
      break;
  }
  if (value instanceof JsonFloat) {
    return reply.bulk(formatDouble(value.value));
  }
  const items: Reply[] = [];
  if (Array.isArray(value)) {
    items.push(reply.simple("["));
    for (const item of value) {
      items.push(jsonToResp(item));
    }
  } else {
    items.push(reply.simple("{"));
    for (let i = 0; i < value.size; i++) {
      items.push(
        reply.bulk(utf8ToBinary(value.keys[i] as string)),
        jsonToResp(value.values[i] as JsonValue),
      );
    }
  }
  return reply.array(items);
}

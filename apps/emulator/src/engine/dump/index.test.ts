import { describe, test } from "vitest";
import { type DumpCodec, DumpCodecTable, dumpValue, restoreValue } from "../dump-format.ts";
import { parseJson } from "../values/json/parse.ts";
import { JsonDocument } from "../values/json/value.ts";
import { List } from "../values/list.ts";
import { DUMP_CODECS, DUMP_CODECS_BY_TYPE } from "./index.ts";

describe("DUMP_CODECS", () => {
  test("each codec is listed under the type it writes", ({ expect }) => {
    for (const [type, codec] of Object.entries(DUMP_CODECS_BY_TYPE)) {
      expect(codec.type).toBe(type);
    }
  });

  test("dumps and restores containers with no engine loaded", ({ expect }) => {
    // This file imports neither the engine nor persistence: the table alone must be enough.
    for (const value of [new List(["a", "12"]), new JsonDocument(parseJson('{"a":[1,"x"]}'))]) {
      const payload = dumpValue(value, { codecs: DUMP_CODECS });
      expect(payload, value.type).toBeTypeOf("string");
      const restored = restoreValue(payload ?? "", { codecs: DUMP_CODECS });
      expect(restored.ok && dumpValue(restored.value, { codecs: DUMP_CODECS })).toBe(payload);
    }
  });
});

describe("DumpCodecTable", () => {
  test("refuses two codecs for one type or one RDB object type", ({ expect }) => {
    const list: DumpCodec = DUMP_CODECS_BY_TYPE.list;
    expect(() => new DumpCodecTable([list, list])).toThrow("two DUMP codecs for the type list");
    const renamed: DumpCodec = { ...DUMP_CODECS_BY_TYPE.set, rdbTypes: list.rdbTypes };
    expect(() => new DumpCodecTable([list, renamed])).toThrow(/RDB object type/);
  });

  test("a type without a codec has no payload", ({ expect }) => {
    const codecs = new DumpCodecTable([]);
    expect(dumpValue(new List(["a"]), { codecs })).toBeUndefined();
    expect(dumpValue("text", { codecs })).toBeTypeOf("string");
  });
});

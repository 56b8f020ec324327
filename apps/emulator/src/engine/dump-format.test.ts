import { describe, test } from "vitest";
import {
  crc64,
  type DumpCodec,
  DumpCodecTable,
  DumpFormatError,
  DumpWriter,
  dumpValue,
  framePayload,
  restoreValue,
  verifyPayload,
} from "./dump-format.ts";
import { List } from "./values/list.ts";

/** Strings are built in: no container codecs needed. */
const STRINGS_ONLY = { codecs: new DumpCodecTable([]) };

const hex = ([high, low]: [number, number]): string =>
  high.toString(16).padStart(8, "0") + low.toString(16).padStart(8, "0");

describe("dump format", () => {
  test("CRC-64/Jones check value", ({ expect }) => {
    expect(hex(crc64("123456789"))).toBe("e9c6d914c4b8d9ca");
  });

  test("a Redis 7.0 payload verifies and decodes", ({ expect }) => {
    const payload = "\x00\x05hello\n\x00cr\xdfve4 \n";
    expect(verifyPayload(payload)).toBe(true);
    expect(restoreValue(payload, STRINGS_ONLY)).toEqual({ ok: true, value: "hello" });
  });

  test("strings round-trip in every encoding", ({ expect }) => {
    for (const value of [
      "",
      "0",
      "-1",
      "127",
      "-128",
      "300",
      "-32768",
      "70000",
      "2147483647",
      "-2147483648",
      "2147483648",
      "007",
      "+1",
      "x".repeat(70_000),
      "\u0000\u00ff",
    ]) {
      const payload = dumpValue(value, STRINGS_ONLY) ?? "";
      expect(restoreValue(payload, STRINGS_ONLY), value.slice(0, 20)).toEqual({ ok: true, value });
    }
  });

  test("small integers use RDB's integer encodings", ({ expect }) => {
    expect(dumpValue("42", STRINGS_ONLY)?.slice(0, 3)).toBe("\x00\xc0\x2a");
    expect(dumpValue("1000", STRINGS_ONLY)?.slice(0, 4)).toBe("\x00\xc1\xe8\x03");
  });

  test("lengths use the 6, 14 and 32-bit forms", ({ expect }) => {
    const writer = new DumpWriter();
    writer.length(63);
    writer.length(64);
    writer.length(16_384);
    expect(writer.toString()).toBe("\x3f\x40\x40\x80\x00\x00\x40\x00");
  });

  test("a newer RDB version, a short payload or a bad CRC is rejected", ({ expect }) => {
    const payload = dumpValue("v", STRINGS_ONLY) ?? "";
    expect(verifyPayload(payload.replace("v", "w"))).toBe(false);
    expect(verifyPayload("short")).toBe(false);
    const newer = `${payload.slice(0, -10)}\x0d\x00${payload.slice(-8)}`;
    expect(restoreValue(newer, STRINGS_ONLY)).toEqual({ ok: false, reason: "checksum" });
    expect(restoreValue(framePayload("\x00\x09abc"), STRINGS_ONLY)).toEqual({
      ok: false,
      reason: "format",
    });
  });

  test("container codecs come from the table passed in", ({ expect }) => {
    const codec: DumpCodec = {
      type: "list",
      rdbTypes: [2],
      serialize: (value, writer) => {
        const list = value as List;
        writer.length(list.length);
        for (let i = 0; i < list.length; i++) {
          writer.string(list.at(i) ?? "");
        }
        return 2;
      },
      deserialize: (reader) => {
        const count = reader.length();
        if (count > 1000) {
          throw new DumpFormatError("too big");
        }
        return new List(Array.from({ length: count }, () => reader.string()));
      },
    };
    const codecs = new DumpCodecTable([codec]);
    const payload = dumpValue(new List(["a", "12"]), { codecs }) ?? "";
    const restored = restoreValue(payload, { codecs });
    expect(restored.ok && restored.value instanceof List && restored.value.slice(0, 1)).toEqual([
      "a",
      "12",
    ]);
  });
});

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
import type { ContainerValue } from "./values/types.ts";

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
    class Bag implements ContainerValue {
      readonly type = "set";
      readonly items: string[];
      constructor(items: string[]) {
        this.items = items;
      }
      isEmpty(): boolean {
        return this.items.length === 0;
      }
      clone(): Bag {
        return new Bag([...this.items]);
      }
      encoding(): string {
        return "hashtable";
      }
    }
    const codec: DumpCodec = {
      type: "set",
      rdbTypes: [2],
      serialize: (value, writer) => {
        const items = (value as Bag).items;
        writer.length(items.length);
        for (const item of items) {
          writer.string(item);
        }
        return 2;
      },
      deserialize: (reader) => {
        const count = reader.length();
        if (count > 1000) {
          throw new DumpFormatError("too big");
        }
        return new Bag(Array.from({ length: count }, () => reader.string()));
      },
    };
    const codecs = new DumpCodecTable([codec]);
    const payload = dumpValue(new Bag(["a", "12"]), { codecs }) ?? "";
    const restored = restoreValue(payload, { codecs });
    expect(restored.ok && restored.value instanceof Bag && restored.value.items).toEqual([
      "a",
      "12",
    ]);
  });
});

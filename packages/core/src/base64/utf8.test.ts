import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { isValidUtf8, utf8Decode, utf8Encode } from "./utf8.ts";

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function fatalAccepts(bytes: Uint8Array): boolean {
  try {
    fatal.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Byte strings biased towards the interesting lead and continuation bytes. */
const nearUtf8Bytes = fc
  .uint8Array({ maxLength: 24 })
  .chain((noise) =>
    fc
      .array(
        fc.oneof(
          fc.constantFrom(0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2),
          fc.constantFrom(0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff),
          fc.constant(noise[0] ?? 0),
        ),
        { maxLength: 24 },
      )
      .map((values) => Uint8Array.from(values)),
  );

describe("utf8Encode / utf8Decode", () => {
  test("round-trip text with astral characters", ({ expect }) => {
    const text = "héllo, 世界 🚀";
    expect(utf8Decode(utf8Encode(text))).toBe(text);
    expect(utf8Encode("é")).toEqual(Uint8Array.of(0xc3, 0xa9));
  });

  test("keep a leading byte-order mark (a Redis value is data)", ({ expect }) => {
    expect(utf8Decode(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61))).toBe("\uFEFFa");
  });

  test("replace invalid sequences with U+FFFD (spec/kv-rest-wire.md §5.2)", ({ expect }) => {
    expect(utf8Decode(Uint8Array.of(0x6d, 0xaa, 0x72))).toBe("m\uFFFDr");
    expect(utf8Decode(Uint8Array.of(0xe2, 0x82))).toBe("\uFFFD");
  });

  test("encode a lone surrogate as U+FFFD", ({ expect }) => {
    expect(utf8Encode("\uD800")).toEqual(Uint8Array.of(0xef, 0xbf, 0xbd));
  });

  fcTest.prop([fc.string({ unit: "grapheme", maxLength: 50 })])(
    "round-trip any well-formed text",
    (text) => {
      return utf8Decode(utf8Encode(text)) === text;
    },
  );

  fcTest.prop([fc.uint8Array({ maxLength: 50 })])("agree with a non-fatal TextDecoder", (bytes) => {
    return utf8Decode(bytes) === new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  });
});

describe("isValidUtf8", () => {
  test.for([
    [[], true],
    [[0x41, 0x7f], true],
    [[0xc2, 0x80], true],
    [[0xe0, 0xa0, 0x80], true],
    [[0xed, 0x9f, 0xbf], true],
    [[0xf0, 0x90, 0x80, 0x80], true],
    [[0xf4, 0x8f, 0xbf, 0xbf], true],
    [[0x80], false],
    [[0xc0, 0x80], false],
    [[0xc1, 0xbf], false],
    [[0xe0, 0x9f, 0xbf], false],
    [[0xed, 0xa0, 0x80], false],
    [[0xf0, 0x8f, 0xbf, 0xbf], false],
    [[0xf4, 0x90, 0x80, 0x80], false],
    [[0xf5, 0x80, 0x80, 0x80], false],
    [[0xe2, 0x82], false],
    [[0xf0, 0x90, 0x80], false],
  ] as const)("%j → %s", ([bytes, expected], { expect }) => {
    expect(isValidUtf8(Uint8Array.from(bytes))).toBe(expected);
  });

  fcTest.prop([fc.uint8Array({ maxLength: 40 })])(
    "agrees with a fatal TextDecoder on noise",
    (bytes) => {
      return isValidUtf8(bytes) === fatalAccepts(bytes);
    },
  );

  fcTest.prop([nearUtf8Bytes])("agrees with a fatal TextDecoder near the edges", (bytes) => {
    return isValidUtf8(bytes) === fatalAccepts(bytes);
  });

  fcTest.prop([fc.string({ unit: "grapheme", maxLength: 50 })])(
    "accepts every encoded text",
    (text) => {
      return isValidUtf8(utf8Encode(text));
    },
  );
});

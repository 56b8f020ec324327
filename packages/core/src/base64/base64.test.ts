import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { decodeBase64, decodeBase64Url, encodeBase64, encodeBase64Url } from "./base64.ts";
import { Base64DecodeError } from "./errors.ts";

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** Reference encoder over `btoa`, which the Web platform guarantees to be standard and padded. */
function referenceBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

describe("encodeBase64", () => {
  // RFC 4648 §10 test vectors.
  test.for([
    ["", ""],
    ["f", "Zg=="],
    ["fo", "Zm8="],
    ["foo", "Zm9v"],
    ["foob", "Zm9vYg=="],
    ["fooba", "Zm9vYmE="],
    ["foobar", "Zm9vYmFy"],
  ] as const)("%j → %j", ([input, expected], { expect }) => {
    expect(encodeBase64(ascii(input))).toBe(expected);
  });

  test("uses + and / for the last two sextets", ({ expect }) => {
    expect(encodeBase64(Uint8Array.of(0xfb, 0xff, 0xbf))).toBe("+/+/");
  });

  test("matches the spec's examples (spec/kv-rest-wire.md §6.3)", ({ expect }) => {
    expect(encodeBase64(ascii("bar"))).toBe("YmFy");
    expect(encodeBase64(ascii("PONG"))).toBe("UE9ORw==");
    expect(encodeBase64(ascii("OK"))).toBe("T0s=");
  });

  fcTest.prop([fc.uint8Array({ maxLength: 300 })])("agrees with btoa", (bytes) => {
    return encodeBase64(bytes) === referenceBase64(bytes);
  });
});

describe("encodeBase64Url", () => {
  test("uses - and _ and no padding", ({ expect }) => {
    expect(encodeBase64Url(Uint8Array.of(0xfb, 0xff, 0xbf))).toBe("-_-_");
    expect(encodeBase64Url(ascii("f"))).toBe("Zg");
    expect(encodeBase64Url(ascii("fo"))).toBe("Zm8");
  });

  fcTest.prop([fc.uint8Array({ maxLength: 300 })])(
    "is btoa with the URL alphabet, unpadded",
    (bytes) => {
      const expected = referenceBase64(bytes)
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replace(/=+$/, "");
      return encodeBase64Url(bytes) === expected;
    },
  );
});

describe("decodeBase64", () => {
  test.for([
    ["", ""],
    ["Zg==", "f"],
    ["Zm8=", "fo"],
    ["Zm9v", "foo"],
    ["Zm9vYmFy", "foobar"],
  ] as const)("%j → %j", ([input, expected], { expect }) => {
    expect(decodeBase64(input)).toEqual(ascii(expected));
  });

  test.for([
    ["Zg", "missing padding"],
    ["Zg=", "short padding"],
    ["Zm9", "length not a multiple of 4"],
    ["Z===", "three padding characters"],
    ["====", "padding only"],
    ["Zg==Zg==", "padding in the middle"],
    ["Zm9v\n", "a trailing newline"],
    [" Zm9v", "leading whitespace"],
    ["Zm 9v", "inner whitespace"],
    ["-_-_", "the URL-safe alphabet"],
    ["Zh==", "non-zero bits after the last byte"],
    ["Zm9=", "non-zero bits after the last byte (one pad)"],
    ["Zm9vé===", "a non-ASCII character"],
  ] as const)("rejects %j (%s)", ([input], { expect }) => {
    expect(() => decodeBase64(input)).toThrow(Base64DecodeError);
  });

  test("accepts text that merely looks unencoded, as atob would (§6.2)", ({ expect }) => {
    // "PONG" is valid base64; only the sender's rule keeps such strings unambiguous.
    expect(decodeBase64("PONG")).toEqual(Uint8Array.of(0x3c, 0xe3, 0x46));
  });

  test("quotes the truncated input in the error", ({ expect }) => {
    const input = `${"A".repeat(200)}!`;
    expect(() => decodeBase64(input)).toThrow(/Invalid base64: .*"A{80}…"/);
  });

  test("names the offending character", ({ expect }) => {
    expect(() => decodeBase64("Zm9vY!Fy")).toThrow(/"!" at offset 5/);
  });

  fcTest.prop([fc.uint8Array({ maxLength: 300 })])("round-trips every byte string", (bytes) => {
    return sameBytes(decodeBase64(encodeBase64(bytes)), bytes);
  });

  fcTest.prop([fc.string({ unit: "binary", maxLength: 40 })])(
    "either rejects or returns canonical base64 (decode then encode is the identity)",
    (text) => {
      let bytes: Uint8Array;
      try {
        bytes = decodeBase64(text);
      } catch (error: unknown) {
        return error instanceof Base64DecodeError;
      }
      return encodeBase64(bytes) === text;
    },
  );

  fcTest.prop([fc.string({ unit: fc.constantFrom(..."AZaz09+/=-_ \n!é"), maxLength: 24 })])(
    "rejects exactly what is not canonical standard base64",
    (text) => {
      const isCanonical = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(
        text,
      );
      let isAccepted = true;
      try {
        decodeBase64(text);
      } catch {
        isAccepted = false;
      }
      // Canonical also requires zero trailing bits; the previous property covers that part.
      return isCanonical || !isAccepted;
    },
  );
});

describe("decodeBase64Url", () => {
  test("accepts unpadded and padded text", ({ expect }) => {
    expect(decodeBase64Url("Zg")).toEqual(ascii("f"));
    expect(decodeBase64Url("Zg==")).toEqual(ascii("f"));
    expect(decodeBase64Url("-_-_")).toEqual(Uint8Array.of(0xfb, 0xff, 0xbf));
  });

  test.for(["+/+/", "Z", "Zg=", "Zh", "Zm9v="])("rejects %j", (input, { expect }) => {
    expect(() => decodeBase64Url(input)).toThrow(Base64DecodeError);
  });

  fcTest.prop([fc.uint8Array({ maxLength: 300 })])("round-trips every byte string", (bytes) => {
    return sameBytes(decodeBase64Url(encodeBase64Url(bytes)), bytes);
  });
});

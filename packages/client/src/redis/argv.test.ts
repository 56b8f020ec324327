import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { percentEncode, toJsonArgv, toPathCommand } from "./argv.ts";

/** The server's rule (kv-rest-wire.md §2.3): `%XX` is the byte, anything else its UTF-8. */
function percentDecode(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "%") {
      out.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      out.push(...new TextEncoder().encode(text[i]));
    }
  }
  return Uint8Array.from(out);
}

describe("percentEncode", () => {
  fcTest.prop([fc.uint8Array({ maxLength: 64 })])("round-trips any bytes", (bytes) => {
    const encoded = percentEncode(bytes);
    return (
      /^[A-Za-z0-9_~%-]*$/.test(encoded) &&
      Buffer.from(percentDecode(encoded)).equals(Buffer.from(bytes))
    );
  });

  test("escapes dots, so `.` and `..` are never dot-segments", ({ expect }) => {
    expect(percentEncode("..")).toBe("%2E%2E");
    expect(percentEncode("a/b?c#d")).toBe("a%2Fb%3Fc%23d");
    expect(percentEncode(Number.POSITIVE_INFINITY)).toBe("%2Binf");
  });
});

describe("toJsonArgv", () => {
  test("keeps strings and numbers, spells infinities as Redis does", ({ expect }) => {
    expect(toJsonArgv(["ZADD", "k", Number.NEGATIVE_INFINITY, "m", 1.5])).toEqual([
      "ZADD",
      "k",
      "-inf",
      "m",
      1.5,
    ]);
  });

  test("turns UTF-8 bytes into text and refuses other bytes", ({ expect }) => {
    expect(toJsonArgv(["SET", new TextEncoder().encode("é")])).toEqual(["SET", "é"]);
    expect(toJsonArgv(["SET", Uint8Array.of(0xff)])).toBeUndefined();
  });
});

describe("toPathCommand", () => {
  test("puts a non-empty last argument in the body", ({ expect }) => {
    const value = Uint8Array.of(0xff, 0x00);
    expect(toPathCommand(["SET", "k", value])).toEqual({ path: "/SET/k", body: value });
  });

  test("keeps an empty last argument as an empty segment", ({ expect }) => {
    expect(toPathCommand(["SET", Uint8Array.of(0xff), ""])).toEqual({
      path: "/SET/%FF/",
      body: undefined,
    });
  });
});

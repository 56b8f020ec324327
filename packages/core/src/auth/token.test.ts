import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { AuthConfigError } from "./errors.ts";
import { createTokenVerifier, generateToken, type TokenGrant, timingSafeEqual } from "./token.ts";

describe("timingSafeEqual", () => {
  test.for([
    ["", "", true],
    ["abc", "abc", true],
    ["abc", "abd", false],
    ["abc", "ab", false],
    ["ab", "abc", false],
    ["ab\0", "ab", false],
    ["ab", "ab\0", false],
    ["", "a", false],
    ["a", "", false],
    ["é🚀", "é🚀", true],
  ] as const)("%j vs %j → %s", ([actual, expected, result], { expect }) => {
    expect(timingSafeEqual(actual, expected)).toBe(result);
  });

  const text = fc.string({ unit: "binary", maxLength: 12 });

  fcTest.prop([text, text])("agrees with === on arbitrary strings", (a, b) => {
    return timingSafeEqual(a, b) === (a === b);
  });

  fcTest.prop([text, fc.string({ unit: fc.constantFrom("a", "b", "\0"), maxLength: 3 })])(
    "agrees with === on near misses (prefixes, NUL padding)",
    (a, suffix) =>
      timingSafeEqual(a + suffix, a) === (suffix === "") &&
      timingSafeEqual(a, a + suffix) === (suffix === ""),
  );
});

describe("createTokenVerifier", () => {
  const grants = [
    { token: "standard-token", isReadOnly: false, name: "standard" },
    { token: "read-only-token", isReadOnly: true, name: "read-only" },
  ];

  test("returns the matching grant, extra fields included", ({ expect }) => {
    const verifier = createTokenVerifier(grants);
    expect(verifier.verify("standard-token")).toEqual(grants[0]);
    expect(verifier.verify("read-only-token")?.name).toBe("read-only");
  });

  test("returns undefined for unknown, missing and empty tokens", ({ expect }) => {
    const verifier = createTokenVerifier(grants);
    expect(verifier.verify("standard-token ")).toBeUndefined();
    expect(verifier.verify("standard")).toBeUndefined();
    expect(verifier.verify(undefined)).toBeUndefined();
    expect(verifier.verify(null)).toBeUndefined();
    expect(verifier.verify("")).toBeUndefined();
  });

  test("compares against every grant, even after a match", ({ expect }) => {
    // Given grants whose `token` getters count reads
    let reads = 0;
    const counted = ["a", "b", "c"].map((token) => ({
      get token(): string {
        reads++;
        return token;
      },
      isReadOnly: false,
    }));
    const verifier = createTokenVerifier(counted);
    reads = 0;
    // When the first grant matches
    verifier.verify("a");
    // Then the others were compared too
    expect(reads).toBe(3);
  });

  test("is not affected by later changes to the grants array", ({ expect }) => {
    const mutable = [...grants];
    const verifier = createTokenVerifier(mutable);
    mutable.pop();
    expect(verifier.verify("read-only-token")?.isReadOnly).toBe(true);
  });

  test.for([
    [[{ token: "", isReadOnly: false }], /must not be empty/],
    [
      [
        { token: "t", isReadOnly: false },
        { token: "t", isReadOnly: true },
      ],
      /share one token/,
    ],
  ] as const)("rejects the grants %j", ([badGrants, pattern], { expect }) => {
    expect(() => createTokenVerifier<TokenGrant>(badGrants)).toThrow(AuthConfigError);
    expect(() => createTokenVerifier<TokenGrant>(badGrants)).toThrow(pattern);
  });
});

describe("generateToken", () => {
  test("makes 32 random bytes of unpadded URL-safe base64 by default", ({ expect }) => {
    const token = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateToken()).not.toBe(token);
  });

  test("never starts with a dash, which command lines would read as an option", ({ expect }) => {
    // 2,000 draws: about 31 would start with `-` if nothing prevented it.
    const tokens = Array.from({ length: 2000 }, () => generateToken(16));
    expect(tokens.filter((token) => token.startsWith("-"))).toEqual([]);
  });

  test("honours the byte length", ({ expect }) => {
    expect(generateToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(generateToken(48)).toMatch(/^[A-Za-z0-9_-]{64}$/);
  });

  test.for([0, 15, 1.5, 65_537, Number.NaN])("rejects the byte length %s", (length, { expect }) => {
    expect(() => generateToken(length)).toThrow(AuthConfigError);
  });
});

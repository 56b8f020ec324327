import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const SHA_RETURN_1 = "e0e1f9fabfc9d4800c877a703b823ac0578ff8db"; // return 1

describe("EVALSHA", () => {
  test("runs a cached script by SHA-1, in any case", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SCRIPT", "LOAD", "return 1")).toEqual(r.bulk(SHA_RETURN_1));
    expect(run("EVALSHA", SHA_RETURN_1, "0")).toEqual(r.int(1));
    expect(run("EVALSHA", SHA_RETURN_1.toUpperCase(), "0")).toEqual(r.int(1));
  });

  test("passes keys and arguments", ({ expect }) => {
    const { run } = createTestEngine();
    const sha = run("SCRIPT", "LOAD", "return {KEYS[1], ARGV[1]}");
    expect(sha.kind).toBe("bulk");
    expect(run("EVALSHA", sha.kind === "bulk" ? sha.value : "", "1", "k", "a")).toEqual(
      r.bulks("k", "a"),
    );
  });

  test("unknown scripts and flushed caches answer NOSCRIPT", ({ expect }) => {
    const { run } = createTestEngine();
    run("SCRIPT", "LOAD", "return 1");
    run("SCRIPT", "FLUSH");
    expect(run("EVALSHA", SHA_RETURN_1, "0")).toEqual(r.err(ERR.NOSCRIPT));
  });

  test.for([
    [["EVALSHA", "abc", "0"], ERR.NOSCRIPT],
    // A wrong length is NOSCRIPT before numkeys is read.
    [["EVALSHA", "abc", "x"], ERR.NOSCRIPT],
    [["EVALSHA", "f".repeat(40), "0"], ERR.NOSCRIPT],
    [["EVALSHA", "f".repeat(40), "x"], ERR.NOT_INTEGER],
    [["EVALSHA", "f".repeat(40), "-1"], ERR.NUMKEYS_NEGATIVE],
    [["EVALSHA", "f".repeat(40), "1"], ERR.NUMKEYS_TOO_MANY],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});

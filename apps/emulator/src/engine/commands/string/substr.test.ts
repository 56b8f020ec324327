import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SUBSTR", () => {
  // Redis's "Coverage: SUBSTR" test; GETRANGE's tests cover the shared range rules.
  test.for([
    ["key", "0", "0", "a"],
    ["key", "0", "3", "abcd"],
    ["key", "-4", "-1", "bcde"],
    ["key", "-1", "-3", ""],
    ["key", "7", "8", ""],
    ["nokey", "0", "1", ""],
  ] as const)("%s %s %s → %j", ([key, start, end, expected], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "key", "abcde");
    expect(run("SUBSTR", key, start, end)).toEqual(r.bulk(expected));
  });

  test("indexes must be integers", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SUBSTR", "key", "a", "1")).toEqual(r.err(ERR.NOT_INTEGER));
  });
});

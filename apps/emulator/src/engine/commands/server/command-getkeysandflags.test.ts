import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("COMMAND GETKEYSANDFLAGS", () => {
  test("each key with its access flags", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("COMMAND", "GETKEYSANDFLAGS", "GET", "k")).toEqual(
      r.arr(r.arr(r.bulk("k"), r.arr(r.simple("RO"), r.simple("access")))),
    );
    expect(run("COMMAND", "GETKEYSANDFLAGS", "SET", "k", "v")).toEqual(
      r.arr(r.arr(r.bulk("k"), r.arr(r.simple("RW"), r.simple("update")))),
    );
    expect(run("COMMAND", "GETKEYSANDFLAGS", "PING", "x")).toEqual(r.err(ERR.NO_KEY_ARGUMENTS));
  });
});

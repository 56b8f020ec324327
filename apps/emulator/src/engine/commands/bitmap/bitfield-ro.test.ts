import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("BITFIELD_RO", () => {
  test("only GET", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "\u00ff");
    expect(run("BITFIELD_RO", "k", "GET", "i4", "0", "GET", "u4", "#1")).toEqual(
      r.arr(r.int(-1), r.int(15)),
    );
    expect(run("BITFIELD_RO", "k", "OVERFLOW", "WRAP")).toEqual(r.arr());
    expect(run("BITFIELD_RO", "k", "SET", "i8", "0", "1")).toEqual(r.err(ERR.BITFIELD_RO_GET_ONLY));
    // Parsing comes first.
    expect(run("BITFIELD_RO", "k", "SET", "i8", "0", "1", "FOO")).toEqual(r.err(ERR.SYNTAX));
    expect(run("GET", "k")).toEqual(r.bulk("\u00ff"));
  });
});

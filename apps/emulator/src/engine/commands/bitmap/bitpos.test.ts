import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

/** The 12 characters `\xff\xf0\x00` (backslashes and all), as redis-server 7.0 was given them. */
const SAMPLE = String.raw`\xff\xf0\x00`;

describe("BITPOS", () => {
  // Replies of redis-server 7.0 for SAMPLE.
  test.for([
    [["0"], 0],
    [["0", "0", "0"], 0],
    [["0", "0"], 0],
    [["1", "2"], 17],
    [["0", "1", "1"], 8],
    [["0", "0", "10", "bit"], 0],
    [["1", "17", "-1", "bit"], 17],
    [["0", "-3", "-1", "bit"], 93],
    [["1", "-100", "-99"], 1],
    [["0", "-100", "-99"], 0],
    [["0", "5", "9", "bit"], 6],
    [["1", "12", "20", "bit"], 12],
    [["1", "20", "23", "bit"], 21],
  ] as const)("%j → %i", ([args, position], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", SAMPLE);
    expect(run("BITPOS", "k", ...args)).toEqual(r.int(position));
  });

  test("Redis's examples, and the zero padding without an end", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "\u00ff\u00f0\u0000");
    expect(run("BITPOS", "k", "0")).toEqual(r.int(12));
    run("SET", "k", "\u0000\u00ff\u00f0");
    expect(run("BITPOS", "k", "1", "0")).toEqual(r.int(8));
    expect(run("BITPOS", "k", "1", "2")).toEqual(r.int(16));
    expect(run("BITPOS", "k", "1", "2", "-1", "BYTE")).toEqual(r.int(16));
    expect(run("BITPOS", "k", "1", "7", "15", "BIT")).toEqual(r.int(8));
    expect(run("BITPOS", "k", "1", "7", "-3", "BIT")).toEqual(r.int(8));
    run("SET", "k", "\u0000\u0000\u0000");
    expect(run("BITPOS", "k", "1")).toEqual(r.int(-1));
    run("SET", "k", "\u00ff\u00ff\u00ff");
    // No clear bit: past the string without an end, -1 with one.
    expect(run("BITPOS", "k", "0")).toEqual(r.int(24));
    expect(run("BITPOS", "k", "0", "1")).toEqual(r.int(24));
    expect(run("BITPOS", "k", "0", "0", "-1")).toEqual(r.int(-1));
    expect(run("BITPOS", "k", "0", "0", "20", "BIT")).toEqual(r.int(-1));
    // BIT needs an explicit end: here it is read as the end, which is no integer.
    expect(run("BITPOS", "k", "0", "3", "BIT")).toEqual(r.err(ERR.NOT_INTEGER));
  });

  test("missing keys are zeros; empty strings and ranges have no bits", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("BITPOS", "missing", "0")).toEqual(r.int(0));
    expect(run("BITPOS", "missing", "1", "5", "10")).toEqual(r.int(-1));
    run("SET", "e", "");
    for (const args of [["0"], ["1"], ["0", "0"], ["0", "0", "-1"]]) {
      expect(run("BITPOS", "e", ...args)).toEqual(r.int(-1));
    }
    run("SET", "k", "\u0000");
    expect(run("BITPOS", "k", "0", "1", "0")).toEqual(r.int(-1));
  });

  test("long runs are skipped", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", `${"\u0000".repeat(5000)}\u0010`);
    expect(run("BITPOS", "k", "1")).toEqual(r.int(5000 * 8 + 3));
    run("SET", "k", `${"\u00ff".repeat(5000)}\u00fe`);
    expect(run("BITPOS", "k", "0", "10")).toEqual(r.int(5000 * 8 + 7));
  });

  test.for([
    [["k", "2"], ERR.BIT_ARGUMENT],
    [["k", "a"], ERR.NOT_INTEGER],
    [["k", "1", "a"], ERR.NOT_INTEGER],
    [["k", "1", "0", "a"], ERR.NOT_INTEGER],
    // The unit is read before the end (bitposCommand's order).
    [["k", "1", "0", "a", "FOO"], ERR.SYNTAX],
    [["k", "1", "0", "1", "FOO"], ERR.SYNTAX],
    [["k", "1", "0", "1", "bit", "x"], ERR.SYNTAX],
    [["l", "1"], ERR.WRONGTYPE],
    [["l", "2"], ERR.BIT_ARGUMENT],
  ] as const)("%j → %s", ([args, error], { expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "k", "foobar");
    putList(engine, "l");
    expect(run("BITPOS", ...args)).toEqual(r.err(error));
  });
});

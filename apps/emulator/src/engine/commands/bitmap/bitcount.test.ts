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

describe("BITCOUNT", () => {
  test("whole strings, and Redis's example", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "foobar");
    expect(run("BITCOUNT", "k")).toEqual(r.int(26));
    expect(run("BITCOUNT", "k", "0", "0")).toEqual(r.int(4));
    expect(run("BITCOUNT", "k", "1", "1")).toEqual(r.int(6));
    expect(run("BITCOUNT", "k", "1", "1", "BYTE")).toEqual(r.int(6));
    expect(run("BITCOUNT", "k", "5", "30", "bit")).toEqual(r.int(17));
    expect(run("BITCOUNT", "missing")).toEqual(r.int(0));
    run("SET", "e", "");
    expect(run("BITCOUNT", "e", "0", "-1")).toEqual(r.int(0));
  });

  // Replies of redis-server 7.0 for SAMPLE.
  test.for([
    [["-100", "-99"], 4],
    [["1", "0"], 0],
    [["0", "-1", "bit"], 42],
    [["5", "10", "bit"], 3],
    [["-3", "-1", "bit"], 0],
    [["4", "4", "bit"], 1],
    [["-1", "-5"], 0],
  ] as const)("%j → %i", ([range, count], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", SAMPLE);
    expect(run("BITCOUNT", "k", ...range)).toEqual(r.int(count));
  });

  test("large values count the same per word and per byte", ({ expect }) => {
    const { run } = createTestEngine();
    const value = "\u00ff\u0001\u0080x".repeat(1000);
    run("SET", "k", value);
    expect(run("BITCOUNT", "k")).toEqual(r.int(1000 * (8 + 1 + 1 + 4)));
    expect(run("BITCOUNT", "k", "1", "-2")).toEqual(r.int(1000 * 14 - 8 - 4));
  });

  test.for([
    [["k", "0"], ERR.SYNTAX],
    [["k", "0", "1", "2"], ERR.SYNTAX],
    [["k", "0", "1", "BITS"], ERR.SYNTAX],
    [["k", "0", "1", "bit", "x"], ERR.SYNTAX],
    [["k", "a", "1"], ERR.NOT_INTEGER],
    [["l"], ERR.WRONGTYPE],
    // Arguments are checked before the key.
    [["l", "0"], ERR.SYNTAX],
    [["l", "a", "1"], ERR.NOT_INTEGER],
  ] as const)("%j → %s", ([args, error], { expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "k", "foobar");
    putList(engine, "l");
    expect(run("BITCOUNT", ...args)).toEqual(r.err(error));
  });
});

import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

/** GET after `PFADD h a b c d e`, `PFADD h2 x y`, `PFMERGE h h2` in redis-server. */
const MERGED =
  "HYLL\u0001\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0080\\{\u0080Dv\u0080P\u00b1\u0084H\u00ab\u0088@\u00df\u0080Bm\u0080BP\u0084\b";

describe("PFMERGE", () => {
  test("merges into the destination, whose own registers count", ({ expect }) => {
    const { run } = createTestEngine();
    run("PFADD", "h", "a", "b", "c", "d", "e");
    run("PFADD", "h2", "x", "y");
    expect(run("PFMERGE", "h", "h2")).toEqual(r.ok);
    expect(run("GET", "h")).toEqual(r.bulk(MERGED));
    expect(run("PFCOUNT", "h")).toEqual(r.int(7));
  });

  test("missing sources are empty; a missing destination is created", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("PFMERGE", "dest", "nokey")).toEqual(r.ok);
    expect(run("PFCOUNT", "dest")).toEqual(r.int(0));
    expect(run("PFMERGE", "alone")).toEqual(r.ok);
    expect(run("EXISTS", "alone")).toEqual(r.int(1));
  });

  test("a dense source makes the destination dense", ({ expect }) => {
    const { run } = createTestEngine();
    run("PFADD", "s", "a");
    run("PFADD", "d", "b");
    run("PFDEBUG", "TODENSE", "d");
    run("PFMERGE", "m", "s", "d");
    expect(run("PFDEBUG", "ENCODING", "m")).toEqual(r.simple("dense"));
    expect(run("PFCOUNT", "m")).toEqual(r.int(2));
  });

  test("keeps the destination's TTL", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("PFADD", "dest", "a");
    run("PEXPIRE", "dest", "100");
    run("PFADD", "src", "b");
    run("PFMERGE", "dest", "src");
    clock.advance(100);
    expect(run("EXISTS", "dest")).toEqual(r.int(0));
  });

  test.for([
    [["SET", "bad", "x"], ["PFMERGE", "dest", "bad"], ERR.HLL_WRONGTYPE],
    [["SET", "bad", "x"], ["PFMERGE", "bad", "nokey"], ERR.HLL_WRONGTYPE],
    [["LPUSH", "bad", "x"], ["PFMERGE", "dest", "bad"], ERR.WRONGTYPE],
    [
      [
        "SET",
        "bad",
        "HYLL\u0001\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000",
      ],
      ["PFMERGE", "dest", "bad"],
      ERR.HLL_CORRUPTED,
    ],
  ] as const)("%j then %j → %s", ([setup, argv, error], { expect }) => {
    const { run } = createTestEngine();
    run(...setup);
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("EXISTS", "dest")).toEqual(r.int(0));
  });
});

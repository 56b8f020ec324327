import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZRANK", () => {
  test("ascending rank, with the score on WITHSCORE", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a", "2", "b", "3", "c");
    expect(run("ZRANK", "z", "a")).toEqual(r.int(0));
    expect(run("ZRANK", "z", "c")).toEqual(r.int(2));
    expect(run("ZRANK", "z", "b", "withscore")).toEqual(r.arr(r.int(1), r.bulk("2")));
    expect(run("ZRANK", "z", "x")).toEqual(r.nil);
    expect(run("ZRANK", "z", "x", "WITHSCORE")).toEqual(r.nilArray);
    expect(run("ZRANK", "missing", "a", "WITHSCORE")).toEqual(r.nilArray);
  });

  test("ranks in a large (skiplist) set", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 0; i < 300; i++) {
      run("ZADD", "z", String(i % 7), `m${i}`);
    }
    // Scores 0..6, ties by member bytes: rank 0 is the smallest name with score 0.
    expect(run("ZRANGE", "z", "0", "0")).toEqual(r.bulks("m0"));
    for (const rank of [0, 1, 137, 299]) {
      const range = run("ZRANGE", "z", String(rank), String(rank));
      const first = range.kind === "array" ? range.items[0] : undefined;
      const member = first?.kind === "bulk" ? first.value : "";
      expect(run("ZRANK", "z", member)).toEqual(r.int(rank));
      expect(run("ZREVRANK", "z", member)).toEqual(r.int(299 - rank));
    }
  });

  test.for([
    [["ZRANK", "z", "a", "FOO"], ERR.SYNTAX],
    [["ZRANK", "z", "a", "WITHSCORE", "x"], ERR.WRONG_ARITY("zrank")],
    [["ZRANK", "s", "a"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});

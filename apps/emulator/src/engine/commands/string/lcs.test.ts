import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

const range = (a: [number, number], b: [number, number], length?: number) =>
  r.arr(
    r.arr(r.int(a[0]), r.int(a[1])),
    r.arr(r.int(b[0]), r.int(b[1])),
    ...(length === undefined ? [] : [r.int(length)]),
  );

// The RNA sequences of Redis's tests/unit/type/string.tcl.
const RNA1 =
  "CACCTTCCCAGGTAACAAACCAACCAACTTTCGATCTCTTGTAGATCTGTTCTCTAAACGAACTTTAAAATCTGTGTGGCTGTCACTCGGCTGCATGCTTAGTGCACTCACGCAGTATAATTAATAACTAATTACTGTCGTTGACAGGACACGAGTAACTCGTCTATCTTCTGCAGGCTGCTTACGGTTTCGTCCGTGTTGCAGCCGATCATCAGCACATCTAGGTTTCGTCCGGGTGTG";
const RNA2 =
  "ATTAAAGGTTTATACCTTCCCAGGTAACAAACCAACCAACTTTCGATCTCTTGTAGATCTGTTCTCTAAACGAACTTTAAAATCTGTGTGGCTGTCACTCGGCTGCATGCTTAGTGCACTCACGCAGTATAATTAATAACTAATTACTGTCGTTGACAGGACACGAGTAACTCGTCTATCTTCTGCAGGCTGCTTACGGTTTCGTCCGTGTTGCAGCCGATCATCAGCACATCTAGGTTT";
const RNA_LCS =
  "ACCTTCCCAGGTAACAAACCAACCAACTTTCGATCTCTTGTAGATCTGTTCTCTAAACGAACTTTAAAATCTGTGTGGCTGTCACTCGGCTGCATGCTTAGTGCACTCACGCAGTATAATTAATAACTAATTACTGTCGTTGACAGGACACGAGTAACTCGTCTATCTTCTGCAGGCTGCTTACGGTTTCGTCCGTGTTGCAGCCGATCATCAGCACATCTAGGTTT";

describe("LCS", () => {
  test("the subsequence, its length, and its ranges (Redis's examples)", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "key1", "ohmytext");
    run("SET", "key2", "mynewtext");
    expect(run("LCS", "key1", "key2")).toEqual(r.bulk("mytext"));
    expect(run("LCS", "key1", "key2", "len")).toEqual(r.int(6));
    expect(run("LCS", "key1", "key2", "IDX")).toEqual(
      r.arr(
        r.bulk("matches"),
        r.arr(range([4, 7], [5, 8]), range([2, 3], [0, 1])),
        r.bulk("len"),
        r.int(6),
      ),
    );
    expect(run("LCS", "key1", "key2", "IDX", "MINMATCHLEN", "4", "WITHMATCHLEN")).toEqual(
      r.arr(r.bulk("matches"), r.arr(range([4, 7], [5, 8], 4)), r.bulk("len"), r.int(6)),
    );
    expect(run("LCS", "key1", "key2", "MINMATCHLEN", "-5", "IDX", "WITHMATCHLEN")).toEqual(
      r.arr(
        r.bulk("matches"),
        r.arr(range([4, 7], [5, 8], 4), range([2, 3], [0, 1], 2)),
        r.bulk("len"),
        r.int(6),
      ),
    );
  });

  test("missing keys are empty strings", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "key1", "ohmytext");
    expect(run("LCS", "key1", "missing")).toEqual(r.bulk(""));
    expect(run("LCS", "key1", "missing", "IDX")).toEqual(
      r.arr(r.bulk("matches"), r.arr(), r.bulk("len"), r.int(0)),
    );
  });

  test("long inputs (Redis's RNA test)", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "virus1", RNA1);
    run("SET", "virus2", RNA2);
    expect(run("LCS", "virus1", "virus2")).toEqual(r.bulk(RNA_LCS));
    expect(run("LCS", "virus1", "virus2", "LEN")).toEqual(r.int(RNA_LCS.length));
    expect(run("LCS", "virus1", "virus2", "IDX", "WITHMATCHLEN")).toEqual(
      r.arr(
        r.bulk("matches"),
        r.arr(
          range([238, 238], [239, 239], 1),
          range([236, 236], [238, 238], 1),
          range([229, 230], [236, 237], 2),
          range([224, 224], [235, 235], 1),
          range([1, 222], [13, 234], 222),
        ),
        r.bulk("len"),
        r.int(RNA_LCS.length),
      ),
    );
    expect(run("LCS", "virus1", "virus2", "IDX", "WITHMATCHLEN", "MINMATCHLEN", "5")).toEqual(
      r.arr(
        r.bulk("matches"),
        r.arr(range([1, 222], [13, 234], 222)),
        r.bulk("len"),
        r.int(RNA_LCS.length),
      ),
    );
  });

  test("the table is bounded by proto-max-bulk-len", ({ expect }) => {
    const { run } = createTestEngine({ config: { "proto-max-bulk-len": "1mb" } });
    run("SET", "a", "x".repeat(600));
    run("SET", "b", "x".repeat(600));
    expect(run("LCS", "a", "b", "LEN")).toEqual(r.err(ERR.LCS_OVER_LIMIT));
  });

  test.for([
    [["LCS", "key1", "l"], ERR.LCS_NOT_STRINGS],
    // The types are checked before the options.
    [["LCS", "l", "key1", "FOO"], ERR.LCS_NOT_STRINGS],
    [["LCS", "key1", "key1", "LEN", "IDX"], ERR.LCS_LEN_AND_IDX],
    [["LCS", "key1", "key1", "MINMATCHLEN", "a"], ERR.NOT_INTEGER],
    [["LCS", "key1", "key1", "MINMATCHLEN"], ERR.SYNTAX],
    [["LCS", "key1", "key1", "FOO"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "key1", "hello");
    putList(engine, "l");
    expect(run(...argv)).toEqual(r.err(error));
  });
});

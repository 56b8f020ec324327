import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function seeded(count = 10) {
  const engine = createTestEngine();
  for (let i = 1; i <= count; i++) {
    engine.run("XADD", "s", `${i}-0`, "a", "1");
  }
  return engine;
}

describe("XTRIM", () => {
  test("MAXLEN keeps the newest entries", ({ expect }) => {
    const { run } = seeded();
    expect(run("XTRIM", "s", "MAXLEN", "4")).toEqual(r.int(6));
    expect(run("XTRIM", "s", "maxlen", "=", "4")).toEqual(r.int(0));
    expect(run("XRANGE", "s", "-", "+", "COUNT", "1")).toEqual(
      r.arr(r.arr(r.bulk("7-0"), r.bulks("a", "1"))),
    );
  });

  test("MINID removes the entries below the ID", ({ expect }) => {
    const { run } = seeded();
    expect(run("XTRIM", "s", "MINID", "4")).toEqual(r.int(3));
    expect(run("XTRIM", "s", "MINID", "=", "4-0")).toEqual(r.int(0));
    expect(run("XTRIM", "s", "MINID", "100")).toEqual(r.int(7));
    expect(run("XLEN", "s")).toEqual(r.int(0));
  });

  test("trimming does not count as deletion for max-deleted-entry-id", ({ expect }) => {
    const { run } = seeded();
    run("XTRIM", "s", "MAXLEN", "2");
    expect(run("XINFO", "STREAM", "s")).toMatchObject({
      items: expect.arrayContaining([r.bulk("max-deleted-entry-id"), r.bulk("0-0")]),
    });
  });

  test("~ lands on the threshold, LIMIT bounds it (service behaviour)", ({ expect }) => {
    const { run } = seeded(1000);
    expect(run("XTRIM", "s", "MAXLEN", "~", "30")).toEqual(r.int(970));
    expect(run("XTRIM", "s", "MAXLEN", "~", "0", "LIMIT", "10")).toEqual(r.int(10));
    expect(run("XTRIM", "s", "MINID", "~", "990", "LIMIT", "0")).toEqual(r.int(9));
    expect(run("XLEN", "s")).toEqual(r.int(11));
  });

  test("~ without LIMIT removes at most 100 × stream-node-max-entries", ({ expect }) => {
    const { run } = seeded(150);
    run("CONFIG", "SET", "stream-node-max-entries", "1");
    expect(run("XTRIM", "s", "MAXLEN", "~", "0")).toEqual(r.int(100));
  });

  test("ACKED keeps entries a group still needs, DELREF drops their references", ({ expect }) => {
    const { run } = seeded(6);
    run("XGROUP", "CREATE", "s", "g", "0");
    run("XREADGROUP", "GROUP", "g", "c", "COUNT", "3", "STREAMS", "s", ">");
    run("XACK", "s", "g", "2-0");
    expect(run("XTRIM", "s", "MAXLEN", "0", "ACKED")).toEqual(r.int(1));
    expect(run("XTRIM", "s", "DELREF", "MINID", "2")).toEqual(r.int(1));
    expect(run("XPENDING", "s", "g")).toMatchObject({ items: [r.int(1), r.bulk("3-0"), {}, {}] });
  });

  test("logs the exact trim after ~, and nothing when nothing went", ({ expect }) => {
    const effects: (readonly string[])[] = [];
    const { run } = createTestEngine({
      onEffects: (batch) => effects.push(...batch.map((effect) => effect.argv)),
    });
    for (let i = 1; i <= 10; i++) {
      run("XADD", "s", `${i}-0`, "a", "1");
    }
    effects.length = 0;
    run("XTRIM", "s", "MAXLEN", "~", "5", "LIMIT", "2");
    run("XTRIM", "s", "MINID", "~", "5");
    run("XTRIM", "s", "MAXLEN", "9");
    run("XTRIM", "s", "MAXLEN", "0");
    expect(effects).toEqual([
      ["XTRIM", "s", "MAXLEN", "=", "8"],
      ["XTRIM", "s", "MINID", "=", "5-0"],
      ["XTRIM", "s", "MAXLEN", "0"],
    ]);
  });

  test("a missing key trims nothing; wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XTRIM", "s", "MAXLEN", "0")).toEqual(r.int(0));
    run("SET", "k", "v");
    expect(run("XTRIM", "k", "MAXLEN", "0")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["XTRIM", "s", "FOO", "1"], ERR.SYNTAX],
    [["XTRIM", "s", "NOMKSTREAM", "MAXLEN", "1"], ERR.SYNTAX],
    [["XTRIM", "s", "KEEPREF", "MAXLEN"], ERR.SYNTAX],
    [["XTRIM", "s", "LIMIT", "1"], ERR.STREAM_LIMIT_WITHOUT_STRATEGY],
    [["XTRIM", "s", "LIMIT", "0"], ERR.XTRIM_NO_STRATEGY],
    [["XTRIM", "s", "MAXLEN", "1", "LIMIT", "1"], ERR.STREAM_LIMIT_WITHOUT_APPROX],
    [["XTRIM", "s", "MAXLEN", "-1"], ERR.STREAM_MAXLEN_NEGATIVE],
    [["XTRIM", "s", "MAXLEN", "~", "x"], ERR.NOT_INTEGER],
    [["XTRIM", "s", "MINID", "+"], ERR.STREAM_ID_INVALID],
    [["XTRIM", "s", "MAXLEN", "1", "MINID", "1"], ERR.STREAM_MAXLEN_AND_MINID],
    [["XTRIM", "s", "MAXLEN", "1", "ACKED", "DELREF"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = seeded();
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("XLEN", "s")).toEqual(r.int(10));
  });
});

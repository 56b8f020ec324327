import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ints = (...values: number[]) => r.arr(...values.map((value) => r.int(value)));

/** s has 1-0 … 4-0; group g has delivered 1-0 and 2-0 to c; group h has read nothing. */
function seeded() {
  const engine = createTestEngine();
  for (let i = 1; i <= 4; i++) {
    engine.run("XADD", "s", `${i}-0`, "a", "1");
  }
  engine.run("XGROUP", "CREATE", "s", "g", "0");
  engine.run("XREADGROUP", "GROUP", "g", "c", "COUNT", "2", "STREAMS", "s", ">");
  return engine;
}

describe("XDELEX", () => {
  test("KEEPREF (the default) deletes like XDEL and leaves the PEL", ({ expect }) => {
    const { run } = seeded();
    expect(run("XDELEX", "s", "IDS", "2", "1-0", "9-0")).toEqual(ints(1, -1));
    expect(run("XDELEX", "s", "KEEPREF", "IDS", "1", "2-0")).toEqual(ints(1));
    expect(run("XPENDING", "s", "g")).toMatchObject({ items: [r.int(2), {}, {}, {}] });
  });

  test("DELREF also removes the entries from every PEL", ({ expect }) => {
    const { run } = seeded();
    expect(run("XDELEX", "s", "DELREF", "IDS", "1", "1-0")).toEqual(ints(1));
    expect(run("XPENDING", "s", "g")).toMatchObject({ items: [r.int(1), r.bulk("2-0"), {}, {}] });
  });

  test("DELREF of an ID no longer in the stream still clears its references", ({ expect }) => {
    const effects: (readonly string[])[] = [];
    const { run } = createTestEngine({
      onEffects: (batch) => effects.push(...batch.map((effect) => effect.argv)),
    });
    run("XADD", "s", "1-0", "a", "1");
    run("XGROUP", "CREATE", "s", "g", "0");
    run("XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", ">");
    run("XDEL", "s", "1-0");
    effects.length = 0;
    expect(run("XDELEX", "s", "DELREF", "IDS", "1", "1-0")).toEqual(ints(-1));
    expect(run("XPENDING", "s", "g")).toMatchObject({
      items: [r.int(0), r.nil, r.nil, r.nilArray],
    });
    expect(effects).toEqual([["XDELEX", "s", "DELREF", "IDS", "1", "1-0"]]);
  });

  test("ACKED deletes only what no group needs", ({ expect }) => {
    const { run } = seeded();
    // 1-0 is pending in g; 3-0 is not yet read by g.
    expect(run("XDELEX", "s", "ACKED", "IDS", "2", "1-0", "3-0")).toEqual(ints(2, 2));
    run("XACK", "s", "g", "1-0");
    expect(run("XDELEX", "s", "ACKED", "IDS", "1", "1-0")).toEqual(ints(1));
    run("XGROUP", "CREATE", "s", "h", "0");
    run("XACK", "s", "g", "2-0");
    // h has not read 2-0 yet.
    expect(run("XDELEX", "s", "IDS", "1", "2-0", "ACKED")).toEqual(ints(2));
  });

  test("without groups ACKED deletes everything", ({ expect }) => {
    const { run } = createTestEngine();
    run("XADD", "s", "1-0", "a", "1");
    expect(run("XDELEX", "s", "ACKED", "IDS", "1", "1-0")).toEqual(ints(1));
  });

  test("a missing key answers -1 per ID, without checking them", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XDELEX", "s", "IDS", "2", "bad", "1-0")).toEqual(ints(-1, -1));
  });

  test("wrong type comes before argument errors", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("XDELEX", "k", "FOO", "IDS", "1")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["XDELEX", "s", "IDS", "0", "1-0"], ERR.STREAM_NUMIDS],
    [["XDELEX", "s", "IDS", "x", "1-0"], ERR.STREAM_NUMIDS],
    [["XDELEX", "s", "IDS", "3", "1-0"], ERR.STREAM_NUMIDS_MISMATCH],
    [["XDELEX", "s", "IDS", "1", "1-0", "2-0"], ERR.SYNTAX],
    [["XDELEX", "s", "KEEPREF", "ACKED", "IDS", "1", "1-0"], ERR.SYNTAX],
    [["XDELEX", "s", "ACKED", "FOO", "1-0"], ERR.SYNTAX],
    [["XDELEX", "s", "KEEPREF", "DELREF", "ACKED"], ERR.SYNTAX],
    [["XDELEX", "s", "ACKED", "ACKED", "ACKED"], ERR.SYNTAX],
    [["XDELEX", "s", "KEEPREF", "IDS", "1"], ERR.STREAM_NUMIDS_MISMATCH],
    [["XDELEX", "s", "IDS", "1", "bad"], ERR.STREAM_ID_INVALID],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = seeded();
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("XLEN", "s")).toEqual(r.int(4));
  });
});

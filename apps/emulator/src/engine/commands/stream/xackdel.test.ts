import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ints = (...values: number[]) => r.arr(...values.map((value) => r.int(value)));

/** s has 1-0 … 3-0, read by g (pending for c) and h (pending for d). */
function seeded() {
  const engine = createTestEngine();
  for (let i = 1; i <= 3; i++) {
    engine.run("XADD", "s", `${i}-0`, "a", "1");
  }
  for (const [group, consumer] of [
    ["g", "c"],
    ["h", "d"],
  ] as const) {
    engine.run("XGROUP", "CREATE", "s", group, "0");
    engine.run("XREADGROUP", "GROUP", group, consumer, "STREAMS", "s", ">");
  }
  return engine;
}

describe("XACKDEL", () => {
  test("KEEPREF acknowledges in the group and deletes, leaving other groups' PELs", ({
    expect,
  }) => {
    const { run } = seeded();
    expect(run("XACKDEL", "s", "g", "IDS", "2", "1-0", "9-0")).toEqual(ints(1, -1));
    expect(run("XLEN", "s")).toEqual(r.int(2));
    expect(run("XPENDING", "s", "g")).toMatchObject({ items: [r.int(2), {}, {}, {}] });
    expect(run("XPENDING", "s", "h")).toMatchObject({ items: [r.int(3), {}, {}, {}] });
    // Already gone from the stream, still pending in h: acknowledged and counted as deleted.
    expect(run("XACKDEL", "s", "h", "KEEPREF", "IDS", "1", "1-0")).toEqual(ints(1));
  });

  test("DELREF clears every group's references", ({ expect }) => {
    const { run } = seeded();
    expect(run("XACKDEL", "s", "g", "DELREF", "IDS", "1", "2-0")).toEqual(ints(1));
    expect(run("XPENDING", "s", "h")).toMatchObject({ items: [r.int(2), {}, {}, {}] });
  });

  test("ACKED deletes only when no other group needs the entry", ({ expect }) => {
    const { run } = seeded();
    expect(run("XACKDEL", "s", "g", "ACKED", "IDS", "1", "3-0")).toEqual(ints(2));
    expect(run("XLEN", "s")).toEqual(r.int(3));
    expect(run("XACKDEL", "s", "h", "ACKED", "IDS", "1", "3-0")).toEqual(ints(1));
    expect(run("XLEN", "s")).toEqual(r.int(2));
  });

  test("logs itself; an acknowledgement alone also counts as a change", ({ expect }) => {
    const effects: (readonly string[])[] = [];
    const { run } = createTestEngine({
      onEffects: (batch) => effects.push(...batch.map((effect) => effect.argv)),
    });
    run("XADD", "s", "1-0", "a", "1");
    run("XGROUP", "CREATE", "s", "g", "0");
    run("XGROUP", "CREATE", "s", "h", "0");
    run("XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", ">");
    effects.length = 0;
    run("XACKDEL", "s", "g", "ACKED", "IDS", "1", "1-0");
    run("XACKDEL", "s", "g", "ACKED", "IDS", "1", "1-0");
    expect(effects).toEqual([["XACKDEL", "s", "g", "ACKED", "IDS", "1", "1-0"]]);
  });

  test("a missing key or group answers -1 per ID", ({ expect }) => {
    const { run } = seeded();
    expect(run("XACKDEL", "missing", "g", "IDS", "1", "bad")).toEqual(ints(-1));
    expect(run("XACKDEL", "s", "nog", "IDS", "2", "1-0", "bad")).toEqual(ints(-1, -1));
  });

  test("wrong type comes first", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("XACKDEL", "k", "g", "FOO", "BAR", "BAZ")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["XACKDEL", "s", "g", "IDS", "0", "1-0"], ERR.STREAM_NUMIDS],
    [["XACKDEL", "s", "g", "IDS", "-1", "1-0"], ERR.STREAM_NUMIDS],
    [["XACKDEL", "s", "g", "IDS", "2", "1-0"], ERR.STREAM_NUMIDS_MISMATCH],
    [["XACKDEL", "s", "g", "ACKED", "DELREF", "IDS", "1", "1-0"], ERR.SYNTAX],
    [["XACKDEL", "s", "g", "IDS", "1", "1-0", "FOO"], ERR.SYNTAX],
    [["XACKDEL", "s", "g", "IDS", "1", "bad"], ERR.STREAM_ID_INVALID],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = seeded();
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("XPENDING", "s", "g")).toMatchObject({ items: [r.int(3), {}, {}, {}] });
  });
});

import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function seeded() {
  const engine = createTestEngine();
  for (let i = 1; i <= 5; i++) {
    engine.run("XADD", "s", `${i}-0`, "a", "1");
  }
  return engine;
}

describe("XDEL", () => {
  test("deletes the entries that exist and counts them", ({ expect }) => {
    const { run } = seeded();
    expect(run("XDEL", "s", "2-0", "4-0", "9-0", "2-0")).toEqual(r.int(2));
    expect(run("XLEN", "s")).toEqual(r.int(3));
    expect(run("XRANGE", "s", "-", "+", "COUNT", "2")).toEqual(
      r.arr(r.arr(r.bulk("1-0"), r.bulks("a", "1")), r.arr(r.bulk("3-0"), r.bulks("a", "1"))),
    );
  });

  test("records the largest deleted ID and the new first entry", ({ expect }) => {
    const { run } = seeded();
    run("XDEL", "s", "1-0", "3-0");
    const info = run("XINFO", "STREAM", "s");
    expect(info).toMatchObject({
      items: expect.arrayContaining([r.bulk("max-deleted-entry-id"), r.bulk("3-0")]),
    });
    expect(info).toMatchObject({
      items: expect.arrayContaining([r.bulk("recorded-first-entry-id"), r.bulk("2-0")]),
    });
  });

  test("keeps pending references", ({ expect }) => {
    const { run } = seeded();
    run("XGROUP", "CREATE", "s", "g", "0");
    run("XREADGROUP", "GROUP", "g", "c", "COUNT", "1", "STREAMS", "s", ">");
    run("XDEL", "s", "1-0");
    expect(run("XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", "0")).toEqual(
      r.arr(r.arr(r.bulk("s"), r.arr(r.arr(r.bulk("1-0"), r.nilArray)))),
    );
  });

  test("a missing key deletes nothing, without looking at the IDs", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XDEL", "s", "bad")).toEqual(r.int(0));
  });

  test("an invalid ID deletes nothing", ({ expect }) => {
    const { run } = seeded();
    expect(run("XDEL", "s", "1-0", "bad")).toEqual(r.err(ERR.STREAM_ID_INVALID));
    expect(run("XDEL", "s", "+")).toEqual(r.err(ERR.STREAM_ID_INVALID));
    expect(run("XLEN", "s")).toEqual(r.int(5));
  });

  test("wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("XDEL", "k", "1-0")).toEqual(r.err(ERR.WRONGTYPE));
  });
});

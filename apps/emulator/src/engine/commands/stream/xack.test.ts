import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function seeded() {
  const engine = createTestEngine();
  for (let i = 1; i <= 3; i++) {
    engine.run("XADD", "s", `${i}-0`, "a", "1");
  }
  engine.run("XGROUP", "CREATE", "s", "g", "0");
  engine.run("XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", ">");
  return engine;
}

describe("XACK", () => {
  test("removes pending entries from the group and the consumer", ({ expect }) => {
    const { run } = seeded();
    expect(run("XACK", "s", "g", "1-0", "3-0", "9-0", "1-0")).toEqual(r.int(2));
    expect(run("XPENDING", "s", "g")).toEqual(
      r.arr(r.int(1), r.bulk("2-0"), r.bulk("2-0"), r.arr(r.bulks("c", "1"))),
    );
    expect(run("XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", "0")).toEqual(
      r.arr(r.arr(r.bulk("s"), r.arr(r.arr(r.bulk("2-0"), r.bulks("a", "1"))))),
    );
  });

  test("a missing key or group acknowledges nothing, without checking the IDs", ({ expect }) => {
    const { run } = seeded();
    expect(run("XACK", "missing", "g", "bad")).toEqual(r.int(0));
    expect(run("XACK", "s", "nog", "bad")).toEqual(r.int(0));
  });

  test("an invalid ID acknowledges nothing", ({ expect }) => {
    const { run } = seeded();
    expect(run("XACK", "s", "g", "1-0", "bad")).toEqual(r.err(ERR.STREAM_ID_INVALID));
    expect(run("XACK", "s", "g", "-")).toEqual(r.err(ERR.STREAM_ID_INVALID));
    expect(run("XPENDING", "s", "g")).toMatchObject({ items: [r.int(3), {}, {}, {}] });
  });

  test("wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("XACK", "k", "g", "1-0")).toEqual(r.err(ERR.WRONGTYPE));
  });
});

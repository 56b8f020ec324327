import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const entry = (id: string): Reply => r.arr(r.bulk(id), r.bulks("f", id));
const pending = ([id, consumer, idle, count]: [string, string, number, number]): Reply =>
  r.arr(r.bulk(id), r.bulk(consumer), r.int(idle), r.int(count));

/** 1-0 … 3-0 pending for alice, delivered 1000 ms ago. */
function seeded(options: Parameters<typeof createTestEngine>[0] = {}) {
  const engine = createTestEngine(options);
  for (let i = 1; i <= 3; i++) {
    engine.run("XADD", "s", `${i}-0`, "f", `${i}-0`);
  }
  engine.run("XGROUP", "CREATE", "s", "g", "0");
  engine.run("XREADGROUP", "GROUP", "g", "alice", "STREAMS", "s", ">");
  engine.clock.advance(1000);
  return engine;
}

describe("XCLAIM", () => {
  test("claims entries idle long enough, counting a delivery", ({ expect }) => {
    const { run } = seeded();
    expect(run("XCLAIM", "s", "g", "bob", "500", "1-0", "2-0", "9-0")).toEqual(
      r.arr(entry("1-0"), entry("2-0")),
    );
    expect(run("XCLAIM", "s", "g", "carol", "500", "1-0")).toEqual(r.arr());
    expect(run("XPENDING", "s", "g", "-", "+", "10")).toEqual(
      r.arr(
        pending(["1-0", "bob", 0, 2]),
        pending(["2-0", "bob", 0, 2]),
        pending(["3-0", "alice", 1000, 1]),
      ),
    );
  });

  test("IDLE, TIME and RETRYCOUNT set the delivery; JUSTID does not count", ({ expect }) => {
    const { run, clock } = seeded();
    run("XCLAIM", "s", "g", "bob", "0", "1-0", "IDLE", "300", "JUSTID");
    run(
      "XCLAIM",
      "s",
      "g",
      "bob",
      "0",
      "2-0",
      "TIME",
      String(clock.now() - 700),
      "RETRYCOUNT",
      "9",
    );
    // A time in the future, or negative, means now.
    run(
      "XCLAIM",
      "s",
      "g",
      "bob",
      "0",
      "3-0",
      "TIME",
      String(clock.now() + 10_000),
      "RETRYCOUNT",
      "-1",
    );
    expect(run("XPENDING", "s", "g", "-", "+", "10")).toEqual(
      r.arr(
        pending(["1-0", "bob", 300, 1]),
        pending(["2-0", "bob", 700, 9]),
        pending(["3-0", "bob", 0, 2]),
      ),
    );
    expect(run("XCLAIM", "s", "g", "bob", "0", "1-0", "JUSTID")).toEqual(r.arr(r.bulk("1-0")));
  });

  test("FORCE creates pending entries for entries that exist", ({ expect }) => {
    const { run } = seeded();
    run("XACK", "s", "g", "1-0", "2-0");
    expect(run("XCLAIM", "s", "g", "bob", "0", "1-0", "9-0", "FORCE", "JUSTID")).toEqual(
      r.arr(r.bulk("1-0")),
    );
    expect(run("XCLAIM", "s", "g", "bob", "99999", "2-0", "FORCE")).toEqual(r.arr(entry("2-0")));
    expect(run("XPENDING", "s", "g", "-", "+", "2")).toEqual(
      r.arr(pending(["1-0", "bob", 0, 1]), pending(["2-0", "bob", 0, 2])),
    );
  });

  test("drops pending entries whose stream entry is gone", ({ expect }) => {
    const { run } = seeded();
    run("XDEL", "s", "2-0");
    expect(run("XCLAIM", "s", "g", "bob", "0", "2-0", "3-0")).toEqual(r.arr(entry("3-0")));
    expect(run("XPENDING", "s", "g")).toEqual(
      r.arr(
        r.int(2),
        r.bulk("1-0"),
        r.bulk("3-0"),
        r.arr(r.bulks("alice", "1"), r.bulks("bob", "1")),
      ),
    );
  });

  test("LASTID moves the group forward only", ({ expect }) => {
    const { run } = seeded();
    run("XCLAIM", "s", "g", "bob", "0", "9-0", "LASTID", "5-0");
    run("XCLAIM", "s", "g", "bob", "0", "9-0", "LASTID", "1-0");
    expect(run("XINFO", "GROUPS", "s")).toMatchObject({
      items: [{ items: expect.arrayContaining([r.bulk("last-delivered-id"), r.bulk("5-0")]) }],
    });
  });

  test("creates the consumer", ({ expect }) => {
    const { run } = seeded();
    expect(run("XCLAIM", "s", "g", "bob", "5000", "1-0")).toEqual(r.arr());
    expect(run("XINFO", "CONSUMERS", "s", "g")).toMatchObject({ items: { length: 2 } });
  });

  test("logs one XCLAIM per change, with absolute times", ({ expect }) => {
    const effects: (readonly string[])[] = [];
    const { run, clock } = seeded({
      onEffects: (batch) => effects.push(...batch.map((effect) => effect.argv)),
    });
    effects.length = 0;
    run("XDEL", "s", "3-0");
    run("XCLAIM", "s", "g", "bob", "0", "1-0", "3-0", "IDLE", "10");
    run("XCLAIM", "s", "g", "carol", "99999", "1-0");
    run("XCLAIM", "s", "g", "bob", "99999", "1-0", "LASTID", "7-0");
    const claim = ([id, consumer, time, count, lastId]: [
      string,
      string,
      number,
      number,
      string,
    ]) => [
      ...["XCLAIM", "s", "g", consumer, "0", id, "TIME", String(time), "RETRYCOUNT", String(count)],
      ...["FORCE", "JUSTID", "LASTID", lastId],
    ];
    expect(effects).toEqual([
      ["XDEL", "s", "3-0"],
      claim(["1-0", "bob", clock.now() - 10, 2, "3-0"]),
      claim(["3-0", "alice", clock.now() - 1000, 1, "3-0"]),
      ["XGROUP", "CREATECONSUMER", "s", "g", "carol"],
      ["XGROUP", "SETID", "s", "g", "7-0", "ENTRIESREAD", "3"],
    ]);
  });

  test("missing key or group, wrong type", ({ expect }) => {
    const { run } = seeded();
    expect(run("XCLAIM", "missing", "g", "c", "x", "1-0")).toEqual(
      r.err(ERR.STREAM_NOGROUP("missing", "g")),
    );
    expect(run("XCLAIM", "s", "nog", "c", "0", "1-0")).toEqual(
      r.err(ERR.STREAM_NOGROUP("s", "nog")),
    );
    run("SET", "k", "v");
    expect(run("XCLAIM", "k", "g", "c", "0", "1-0")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["XCLAIM", "s", "g", "c", "x", "1-0"], ERR.XCLAIM_MIN_IDLE],
    [["XCLAIM", "s", "g", "c", "0", "1-0", "IDLE", "x"], ERR.XCLAIM_IDLE],
    [["XCLAIM", "s", "g", "c", "0", "1-0", "TIME", "x"], ERR.XCLAIM_TIME],
    [["XCLAIM", "s", "g", "c", "0", "1-0", "RETRYCOUNT", "x"], ERR.XCLAIM_RETRYCOUNT],
    [["XCLAIM", "s", "g", "c", "0", "1-0", "LASTID", "x"], ERR.STREAM_ID_INVALID],
    [["XCLAIM", "s", "g", "c", "0", "1-0", "IDLE"], ERR.XCLAIM_UNKNOWN_OPTION("IDLE")],
    [["XCLAIM", "s", "g", "c", "0", "1-0", "FOO"], ERR.XCLAIM_UNKNOWN_OPTION("FOO")],
    [["XCLAIM", "s", "g", "c", "0", "+"], ERR.XCLAIM_UNKNOWN_OPTION("+")],
    [["XCLAIM", "s", "g", "c", "0", "1-0", "JUSTID", "2-0"], ERR.XCLAIM_UNKNOWN_OPTION("2-0")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = seeded();
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("XPENDING", "s", "g")).toMatchObject({
      items: [r.int(3), {}, {}, { items: { length: 1 } }],
    });
  });
});

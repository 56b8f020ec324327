import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const pending = ([id, consumer, idle, count]: [string, string, number, number]): Reply =>
  r.arr(r.bulk(id), r.bulk(consumer), r.int(idle), r.int(count));

/** 1-0, 2-0 pending for alice (delivered at t0), 3-0 for bob (t0 + 100). */
function seeded() {
  const engine = createTestEngine();
  for (let i = 1; i <= 3; i++) {
    engine.run("XADD", "s", `${i}-0`, "a", "1");
  }
  engine.run("XGROUP", "CREATE", "s", "g", "0");
  engine.run("XREADGROUP", "GROUP", "g", "alice", "COUNT", "2", "STREAMS", "s", ">");
  engine.clock.advance(100);
  engine.run("XREADGROUP", "GROUP", "g", "bob", "STREAMS", "s", ">");
  engine.clock.advance(50);
  return engine;
}

describe("XPENDING", () => {
  test("the summary: count, smallest and largest ID, and pending per consumer", ({ expect }) => {
    const { run } = seeded();
    expect(run("XPENDING", "s", "g")).toEqual(
      r.arr(
        r.int(3),
        r.bulk("1-0"),
        r.bulk("3-0"),
        r.arr(r.bulks("alice", "2"), r.bulks("bob", "1")),
      ),
    );
    run("XGROUP", "CREATE", "s", "empty", "$");
    expect(run("XPENDING", "s", "empty")).toEqual(r.arr(r.int(0), r.nil, r.nil, r.nilArray));
  });

  test("the extended form lists entries with idle time and deliveries", ({ expect }) => {
    const { run } = seeded();
    expect(run("XPENDING", "s", "g", "-", "+", "10")).toEqual(
      r.arr(
        pending(["1-0", "alice", 150, 1]),
        pending(["2-0", "alice", 150, 1]),
        pending(["3-0", "bob", 50, 1]),
      ),
    );
    expect(run("XPENDING", "s", "g", "(1-0", "+", "1")).toEqual(
      r.arr(pending(["2-0", "alice", 150, 1])),
    );
    expect(run("XPENDING", "s", "g", "-", "+", "10", "bob")).toEqual(
      r.arr(pending(["3-0", "bob", 50, 1])),
    );
    expect(run("XPENDING", "s", "g", "-", "+", "10", "nobody")).toEqual(r.arr());
    expect(run("XPENDING", "s", "g", "-", "+", "0")).toEqual(r.arr());
    expect(run("XPENDING", "s", "g", "-", "+", "-5")).toEqual(r.arr());
    // An argument after the consumer is ignored, as Redis does.
    expect(run("XPENDING", "s", "g", "-", "+", "10", "bob", "extra")).toEqual(
      r.arr(pending(["3-0", "bob", 50, 1])),
    );
  });

  test("IDLE filters on idle time", ({ expect }) => {
    const { run } = seeded();
    expect(run("XPENDING", "s", "g", "IDLE", "100", "-", "+", "10")).toEqual(
      r.arr(pending(["1-0", "alice", 150, 1]), pending(["2-0", "alice", 150, 1])),
    );
    expect(run("XPENDING", "s", "g", "idle", "100", "-", "+", "10", "bob")).toEqual(r.arr());
  });

  test("a missing key or group is NOGROUP; wrong type", ({ expect }) => {
    const { run } = seeded();
    expect(run("XPENDING", "missing", "g")).toEqual(r.err(ERR.STREAM_NOGROUP("missing", "g")));
    expect(run("XPENDING", "s", "x\r\ny")).toEqual(r.err(ERR.STREAM_NOGROUP("s", "x\r\ny")));
    expect(ERR.STREAM_NOGROUP("s", "x\r\ny")).toBe(
      "NOGROUP No such key 's' or consumer group 'x  y'",
    );
    run("SET", "k", "v");
    expect(run("XPENDING", "k", "g")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["XPENDING", "s", "g", "-"], ERR.SYNTAX],
    [["XPENDING", "s", "g", "-", "+"], ERR.SYNTAX],
    [["XPENDING", "s", "g", "IDLE", "5", "-", "+"], ERR.SYNTAX],
    [["XPENDING", "s", "g", "IDLE", "x", "-", "+", "1"], ERR.NOT_INTEGER],
    [["XPENDING", "s", "g", "-", "+", "x"], ERR.NOT_INTEGER],
    [["XPENDING", "s", "g", "bad", "+", "1"], ERR.STREAM_ID_INVALID],
    [
      ["XPENDING", "s", "g", "(18446744073709551615-18446744073709551615", "+", "1"],
      ERR.STREAM_START_ID_INVALID,
    ],
    [["XPENDING", "s", "g", "IDLE", "1", "-", "+", "1", "c", "x"], ERR.SYNTAX],
    [["XPENDING", "missing", "g", "-", "+", "x"], ERR.NOT_INTEGER],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = seeded();
    expect(run(...argv)).toEqual(r.err(error));
  });
});

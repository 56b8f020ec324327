import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const entry = (id: string): Reply => r.arr(r.bulk(id), r.bulks("f", id));
const stream = (key: string, ...entries: Reply[]): Reply => r.arr(r.bulk(key), r.arr(...entries));

function seeded() {
  const engine = createTestEngine();
  for (const id of ["1-0", "2-0", "3-0"]) {
    engine.run("XADD", "s", id, "f", id);
  }
  engine.run("XADD", "t", "5-0", "f", "5-0");
  return engine;
}

describe("XREAD", () => {
  test("reads the entries after each ID, only from streams that have some", ({ expect }) => {
    const { run } = seeded();
    expect(run("XREAD", "STREAMS", "s", "t", "missing", "1-0", "5-0", "0")).toEqual(
      r.arr(stream("s", entry("2-0"), entry("3-0"))),
    );
    expect(run("XREAD", "COUNT", "1", "STREAMS", "s", "t", "0", "0")).toEqual(
      r.arr(stream("s", entry("1-0")), stream("t", entry("5-0"))),
    );
    expect(run("XREAD", "STREAMS", "s", "3")).toEqual(r.nilArray);
  });

  test("$ is the last ID, + the last entry (Redis 7.4)", ({ expect }) => {
    const { run } = seeded();
    expect(run("XREAD", "STREAMS", "s", "$")).toEqual(r.nilArray);
    expect(run("XREAD", "STREAMS", "s", "t", "+", "+")).toEqual(
      r.arr(stream("s", entry("3-0")), stream("t", entry("5-0"))),
    );
    run("XDEL", "s", "3-0");
    expect(run("XREAD", "STREAMS", "s", "missing", "+", "+")).toEqual(
      r.arr(stream("s", entry("2-0"))),
    );
  });

  test("BLOCK waits for new entries after $, then answers them", async ({ expect }) => {
    const { run, engine } = seeded();
    const reader = engine.createSession({ address: "reader" });
    const argv = ["XREAD", "BLOCK", "0", "STREAMS", "missing", "s", "$", "$"];
    const blocked = engine.execute(argv, reader);
    expect(blocked.kind).toBe("blocked");
    if (blocked.kind !== "blocked") {
      return;
    }
    const answer = engine.waitFor(blocked, argv, reader);
    // Changes that add nothing after $ leave the reader waiting.
    run("XDEL", "s", "1-0");
    run("SET", "missing", "not a stream");
    run("DEL", "missing");
    run("XADD", "s", "7-0", "f", "7-0");
    expect(await answer).toEqual(r.arr(stream("s", entry("7-0"))));
  });

  test("BLOCK times out with a null array", async ({ expect }) => {
    const { engine, clock } = seeded();
    const reader = engine.createSession({ address: "reader" });
    const argv = ["XREAD", "BLOCK", "100", "STREAMS", "s", "9"];
    const blocked = engine.execute(argv, reader);
    if (blocked.kind !== "blocked") {
      throw new Error("expected to block");
    }
    const answer = engine.waitFor(blocked, argv, reader);
    clock.advance(100);
    expect(await answer).toEqual(r.nilArray);
  });

  test("BLOCK does not wait when there is data, or inside MULTI", ({ expect }) => {
    const { run, engine, session } = seeded();
    expect(run("XREAD", "BLOCK", "0", "STREAMS", "s", "2")).toEqual(
      r.arr(stream("s", entry("3-0"))),
    );
    expect(engine.exec([["XREAD", "BLOCK", "0", "STREAMS", "s", "$"]], session)).toEqual([
      r.nilArray,
    ]);
  });

  test("wrong type", ({ expect }) => {
    const { run } = seeded();
    run("SET", "k", "v");
    expect(run("XREAD", "STREAMS", "s", "k", "0", "0")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("COMMAND GETKEYS finds the keys after STREAMS", ({ expect }) => {
    const { engine } = seeded();
    const xread = engine.commands.get("XREAD");
    expect(xread?.movableKeys?.(["XREAD", "COUNT", "1", "STREAMS", "a", "b", "0", "0"])).toEqual([
      4, 5,
    ]);
    expect(xread?.movableKeys?.(["XREAD", "STREAMS", "a", "b", "0"])).toEqual([]);
    expect(xread?.movableKeys?.(["XREAD", "FOO", "STREAMS", "a", "0"])).toEqual([]);
  });

  test.for([
    [["XREAD", "COUNT", "1", "STREAMS", "s"], ERR.XREAD_UNBALANCED("xread")],
    [["XREAD", "STREAMS", "s", "t", "0"], ERR.XREAD_UNBALANCED("xread")],
    [["XREAD", "COUNT", "1", "s"], ERR.SYNTAX],
    [["XREAD", "COUNT", "x", "STREAMS", "s", "0"], ERR.NOT_INTEGER],
    [["XREAD", "BLOCK", "x", "STREAMS", "s", "0"], ERR.TIMEOUT_NOT_INTEGER],
    [["XREAD", "BLOCK", "-1", "STREAMS", "s", "0"], ERR.TIMEOUT_NEGATIVE],
    [["XREAD", "BLOCK", "9223372036854775807", "STREAMS", "s", "0"], ERR.TIMEOUT_OUT_OF_RANGE],
    [["XREAD", "GROUP", "g", "c", "STREAMS", "s", "0"], ERR.XREAD_GROUP_OPTION],
    [["XREAD", "NOACK", "STREAMS", "s", "0"], ERR.XREAD_NOACK_OPTION],
    [["XREAD", "STREAMS", "s", ">"], ERR.XREAD_GREATER_ID],
    [["XREAD", "STREAMS", "s", "bad"], ERR.STREAM_ID_INVALID],
    [["XREAD", "STREAMS", "s", "-"], ERR.STREAM_ID_INVALID],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = seeded();
    expect(run(...argv)).toEqual(r.err(error));
  });
});

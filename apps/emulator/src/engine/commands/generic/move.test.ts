import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("MOVE", () => {
  test("moves a key with its TTL to another database", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "v", "PX", "1000");
    expect(run("MOVE", "k", "1")).toEqual(r.int(1));
    expect(run("EXISTS", "k")).toEqual(r.int(0));
    run("SELECT", "1");
    expect(run("GET", "k")).toEqual(r.bulk("v"));
    expect(run("PTTL", "k")).toEqual(r.int(1000));
    clock.advance(1000);
    expect(run("GET", "k")).toEqual(r.nil);
  });

  test("0 when missing or already in the target", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("MOVE", "k", "1")).toEqual(r.int(0));
    run("SET", "k", "here");
    run("SELECT", "1");
    run("SET", "k", "there");
    run("SELECT", "0");
    expect(run("MOVE", "k", "1")).toEqual(r.int(0));
    expect(run("GET", "k")).toEqual(r.bulk("here"));
  });

  test("publishes move_from and move_to in their databases; WATCH in the target sees it", ({
    expect,
  }) => {
    const messages: unknown[] = [];
    const { run, engine } = createTestEngine({ config: { "notify-keyspace-events": "Eg" } });
    const listener = engine.createSession({ address: "x", push: (m) => messages.push(m) });
    engine.execute(["PSUBSCRIBE", "__keyevent@*"], listener);
    const watcher = engine.createSession({ address: "y" });
    engine.execute(["SELECT", "1"], watcher);
    engine.execute(["WATCH", "k"], watcher);
    run("SET", "k", "v");
    run("MOVE", "k", "1");
    expect(messages).toContainEqual(
      r.arr(
        r.bulk("pmessage"),
        r.bulk("__keyevent@*"),
        r.bulk("__keyevent@0__:move_from"),
        r.bulk("k"),
      ),
    );
    expect(messages).toContainEqual(
      r.arr(
        r.bulk("pmessage"),
        r.bulk("__keyevent@*"),
        r.bulk("__keyevent@1__:move_to"),
        r.bulk("k"),
      ),
    );
    expect(watcher.isWatchDirty).toBe(true);
  });

  test.for([
    [["MOVE", "k", "0"], ERR.SAME_OBJECT],
    [["MOVE", "k", "abc"], ERR.NOT_INTEGER],
    [["MOVE", "k", "16"], ERR.DB_INDEX_OUT_OF_RANGE],
    [["MOVE", "k", "-1"], ERR.DB_INDEX_OUT_OF_RANGE],
    [["MOVE", "k", "4294967296"], ERR.VALUE_NOT_BETWEEN("-2147483648", "2147483647")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});

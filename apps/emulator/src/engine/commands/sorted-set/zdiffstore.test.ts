import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function setup() {
  const engine = createTestEngine();
  engine.run("ZADD", "a", "1", "x", "2", "y", "3", "z");
  engine.run("ZADD", "b", "10", "x", "20", "w");
  engine.run("SET", "str", "v");
  return engine;
}

describe("ZDIFFSTORE", () => {
  test("stores the result and answers its size", ({ expect }) => {
    const { run } = setup();
    expect(run("ZDIFFSTORE", "d", "2", "a", "b")).toEqual(r.int(2));
    expect(run("ZRANGE", "d", "0", "-1", "WITHSCORES")).toEqual(r.bulks("y", "2", "z", "3"));
  });

  test("replaces any type and clears the TTL; an empty result deletes the key", ({ expect }) => {
    const { run, engine, clock } = setup();
    run("SET", "d", "v");
    engine.databases[0]?.setExpiresAt("d", clock.now() + 100);
    run("ZDIFFSTORE", "d", "1", "a");
    clock.advance(100);
    expect(run("ZCARD", "d")).toEqual(r.int(3));
    expect(run("ZDIFFSTORE", "d", "1", "missing")).toEqual(r.int(0));
    expect(run("EXISTS", "d")).toEqual(r.int(0));
  });

  test("the result is a listpack when small, a skiplist when large", ({ expect }) => {
    const { run } = setup();
    run("ZDIFFSTORE", "d", "1", "a");
    expect(run("OBJECT", "ENCODING", "d")).toEqual(r.bulk("listpack"));
    for (let i = 0; i < 200; i++) {
      run("ZADD", "big", String(i), `m${i}`);
    }
    run("ZDIFFSTORE", "d", "1", "big");
    expect(run("OBJECT", "ENCODING", "d")).toEqual(r.bulk("skiplist"));
  });

  test("COMMAND GETKEYS names the destination and the inputs", ({ expect }) => {
    const { run } = setup();
    expect(run("COMMAND", "GETKEYS", "ZDIFFSTORE", "d", "2", "a", "b")).toEqual(
      r.bulks("d", "a", "b"),
    );
  });

  test.for([
    [["ZDIFFSTORE", "d", "0", "a"], ERR.NO_INPUT_KEYS("zdiffstore")],
    [["ZDIFFSTORE", "d", "3", "a", "b"], ERR.SYNTAX],
    [["ZDIFFSTORE", "d", "1", "a", "WITHSCORES"], ERR.SYNTAX],
    [["ZDIFFSTORE", "d", "1", "a", "WEIGHTS", "1"], ERR.SYNTAX],
    [["ZDIFFSTORE", "d", "2", "a", "str"], ERR.WRONGTYPE],
  ] as const)("%j → %s, the destination untouched", ([argv, error], { expect }) => {
    const { run } = setup();
    run("SET", "d", "keep");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("GET", "d")).toEqual(r.bulk("keep"));
  });
});

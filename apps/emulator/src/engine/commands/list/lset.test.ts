import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LSET", () => {
  test("replaces by positive or negative index", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a", "b", "c");
    expect(run("LSET", "k", "0", "x")).toEqual(r.ok);
    expect(run("LSET", "k", "-1", "z")).toEqual(r.ok);
    expect(run("LRANGE", "k", "0", "-1")).toEqual(r.bulks("x", "b", "z"));
  });

  test.for([
    [["LSET", "missing", "x", "v"], ERR.NO_SUCH_KEY],
    [["LSET", "k", "3", "v"], ERR.OUT_OF_RANGE],
    [["LSET", "k", "-4", "v"], ERR.OUT_OF_RANGE],
    [["LSET", "k", "x", "v"], ERR.NOT_INTEGER],
    [["LSET", "s", "x", "v"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a", "b", "c");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("LRANGE", "k", "0", "-1")).toEqual(r.bulks("a", "b", "c"));
  });

  test("an expired list is no such key", ({ expect }) => {
    const { run, clock, engine } = createTestEngine();
    run("RPUSH", "k", "a");
    engine.databases[0]?.setExpiresAt("k", clock.now() + 10);
    clock.advance(10);
    expect(run("LSET", "k", "0", "b")).toEqual(r.err(ERR.NO_SUCH_KEY));
  });

  test("a large element converts to quicklist; a small one back", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a", "b");
    run("LSET", "k", "0", "x".repeat(9000));
    expect(run("OBJECT", "ENCODING", "k")).toEqual(r.bulk("quicklist"));
    run("LSET", "k", "0", "a");
    expect(run("OBJECT", "ENCODING", "k")).toEqual(r.bulk("listpack"));
  });
});

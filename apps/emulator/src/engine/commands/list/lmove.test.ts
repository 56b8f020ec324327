import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LMOVE", () => {
  test("every combination of ends", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "src", "a", "b", "c", "d");
    expect(run("LMOVE", "src", "dst", "LEFT", "LEFT")).toEqual(r.bulk("a"));
    expect(run("LMOVE", "src", "dst", "RIGHT", "LEFT")).toEqual(r.bulk("d"));
    expect(run("LMOVE", "src", "dst", "left", "right")).toEqual(r.bulk("b"));
    expect(run("LMOVE", "src", "dst", "RIGHT", "RIGHT")).toEqual(r.bulk("c"));
    expect(run("LRANGE", "dst", "0", "-1")).toEqual(r.bulks("d", "a", "b", "c"));
    expect(run("EXISTS", "src")).toEqual(r.int(0));
  });

  test("rotates a list onto itself; nil when the source is missing", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a", "b", "c");
    expect(run("LMOVE", "k", "k", "LEFT", "RIGHT")).toEqual(r.bulk("a"));
    expect(run("LRANGE", "k", "0", "-1")).toEqual(r.bulks("b", "c", "a"));
    expect(run("LMOVE", "missing", "k", "LEFT", "RIGHT")).toEqual(r.nil);
  });

  test.for([
    [["LMOVE", "k", "d", "UP", "LEFT"], ERR.SYNTAX],
    [["LMOVE", "k", "d", "LEFT", "DOWN"], ERR.SYNTAX],
    [["LMOVE", "s", "d", "LEFT", "LEFT"], ERR.WRONGTYPE],
    [["LMOVE", "k", "s", "LEFT", "LEFT"], ERR.WRONGTYPE],
  ] as const)("%j → %s, nothing moved", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("LRANGE", "k", "0", "-1")).toEqual(r.bulks("a"));
  });
});

import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SUNIONSTORE", () => {
  test("stores the union and returns its size, replacing any value and TTL", ({ expect }) => {
    const { run, engine, clock } = createTestEngine();
    run("SADD", "a", "2", "1");
    run("SADD", "b", "3");
    run("SET", "dst", "old", "PX", "100");
    expect(run("SUNIONSTORE", "dst", "a", "b")).toEqual(r.int(3));
    expect(run("SMEMBERS", "dst")).toEqual(r.bulks("1", "2", "3"));
    clock.advance(100);
    expect(engine.databases[0]?.has("dst")).toBe(true);
  });

  test("an empty result deletes the destination", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("SADD", "dst", "x");
    expect(run("SUNIONSTORE", "dst", "nokey")).toEqual(r.int(0));
    expect(engine.databases[0]?.has("dst")).toBe(false);
  });

  test("the destination may be a source", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "a", "1");
    run("SADD", "b", "2");
    expect(run("SUNIONSTORE", "a", "a", "b")).toEqual(r.int(2));
    expect(run("SMEMBERS", "a")).toEqual(r.bulks("1", "2"));
  });

  test("WRONGTYPE if a source is not a set (the destination may be anything)", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SUNIONSTORE", "dst", "str")).toEqual(r.err(ERR.WRONGTYPE));
    run("SADD", "a", "x");
    expect(run("SUNIONSTORE", "str", "a")).toEqual(r.int(1));
  });
});

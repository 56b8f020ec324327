import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("RPUSH", () => {
  test("appends and answers the length", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("RPUSH", "k", "a", "b")).toEqual(r.int(2));
    expect(run("RPUSH", "k", "c")).toEqual(r.int(3));
    expect(run("LRANGE", "k", "0", "-1")).toEqual(r.bulks("a", "b", "c"));
  });

  test("wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("RPUSH", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("OBJECT ENCODING follows the byte limit of list-max-listpack-size -2 (8 kB)", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    const big = "x".repeat(8000);
    run("RPUSH", "k", big);
    expect(run("OBJECT", "ENCODING", "k")).toEqual(r.bulk("listpack"));
    run("RPUSH", "k", "y".repeat(200));
    expect(run("OBJECT", "ENCODING", "k")).toEqual(r.bulk("quicklist"));
    run("RPOP", "k");
    run("RPOP", "k");
    run("RPUSH", "k", "small");
    expect(run("OBJECT", "ENCODING", "k")).toEqual(r.bulk("listpack"));
  });
});

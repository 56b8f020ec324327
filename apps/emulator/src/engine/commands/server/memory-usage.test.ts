import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

describe("MEMORY USAGE", () => {
  test("strings are sized like Redis (jemalloc size classes)", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "a", "hello");
    run("SET", "n", "42");
    run("SET", "big", "x".repeat(100));
    run("SET", "k1234567890", "x".repeat(44));
    // The values redis-server 7.0 reports for the same keys.
    expect(run("MEMORY", "USAGE", "a")).toEqual(r.int(64));
    expect(run("MEMORY", "USAGE", "n")).toEqual(r.int(48));
    expect(run("MEMORY", "USAGE", "big")).toEqual(r.int(160));
    expect(run("MEMORY", "USAGE", "k1234567890")).toEqual(r.int(104));
  });

  test("containers are sized like Redis too; nil for a missing key", ({ expect }) => {
    const { run, engine } = createTestEngine();
    engine.databases[0]?.set("l", new List(["a", "b", "c"]));
    run("HSET", "h", "a", "1", "b", "2", "c", "3");
    run("SADD", "s", "1", "2", "3");
    // A listpack list: dict entry 24, key 8, robj 16, its 16-byte listpack (Redis 7.2's figure).
    expect(run("MEMORY", "USAGE", "l", "SAMPLES", "0")).toEqual(r.int(64));
    // What redis-server 7.0 reports for the same hash and intset.
    expect(run("MEMORY", "USAGE", "h")).toEqual(r.int(80));
    expect(run("MEMORY", "USAGE", "s")).toEqual(r.int(64));
    expect(run("MEMORY", "USAGE", "nope")).toEqual(r.nil);
  });

  test.for([
    [["MEMORY", "USAGE", "k", "SAMPLES", "-1"], ERR.SYNTAX],
    [["MEMORY", "USAGE", "k", "SAMPLES", "x"], ERR.NOT_INTEGER],
    [["MEMORY", "USAGE", "k", "SAMPLES"], ERR.SYNTAX],
    [["MEMORY", "USAGE", "k", "FOO", "1"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});

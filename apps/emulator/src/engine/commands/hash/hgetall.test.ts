import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("HGETALL", () => {
  test("fields and values in listpack order (deletes close the gap, re-adds append)", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2", "c", "3");
    run("HSET", "h", "a", "10");
    run("HDEL", "h", "b");
    run("HSET", "h", "b", "20");
    expect(run("HGETALL", "h")).toEqual(r.bulks("a", "10", "c", "3", "b", "20"));
  });

  test("empty for a missing key", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("HGETALL", "nokey")).toEqual(r.arr());
  });

  test("a listpackex lists fields with a TTL first, by expiry time", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2", "c", "3", "d", "4");
    run("HPEXPIRE", "h", "500", "FIELDS", "1", "c");
    run("HPEXPIRE", "h", "100", "FIELDS", "1", "d");
    expect(run("HGETALL", "h")).toEqual(r.bulks("d", "4", "c", "3", "a", "1", "b", "2"));
    // Removing a TTL moves the field to the end.
    run("HPERSIST", "h", "FIELDS", "1", "d");
    expect(run("HKEYS", "h")).toEqual(r.bulks("c", "a", "b", "d"));
  });

  test("skips expired fields", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "5", "FIELDS", "1", "b");
    clock.advance(5);
    expect(run("HGETALL", "h")).toEqual(r.bulks("a", "1"));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HGETALL", "s")).toEqual(r.err(ERR.WRONGTYPE));
  });
});

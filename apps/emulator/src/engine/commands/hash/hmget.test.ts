import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("HMGET", () => {
  test("one value per field, nil for missing ones", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    expect(run("HMGET", "h", "a", "zz", "b", "a")).toEqual(
      r.arr(r.bulk("1"), r.nil, r.bulk("2"), r.bulk("1")),
    );
  });

  test("a missing key is an empty hash", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("HMGET", "nokey", "a", "b")).toEqual(r.arr(r.nil, r.nil));
  });

  test("expired fields are nil", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "5", "FIELDS", "1", "a");
    clock.advance(5);
    expect(run("HMGET", "h", "a", "b")).toEqual(r.arr(r.nil, r.bulk("2")));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HMGET", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });
});

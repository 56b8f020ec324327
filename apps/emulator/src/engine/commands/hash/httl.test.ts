import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ints = (...values: number[]): Reply => r.arr(...values.map((value) => r.int(value)));

describe("HTTL", () => {
  test("seconds left (rounded up), -1 without TTL, -2 without field", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "2500", "FIELDS", "1", "a");
    expect(run("HTTL", "h", "FIELDS", "3", "a", "b", "zz")).toEqual(ints(3, -1, -2));
    clock.advance(2000);
    expect(run("HTTL", "h", "FIELDS", "1", "a")).toEqual(ints(1));
    clock.advance(500);
    expect(run("HTTL", "h", "FIELDS", "1", "a")).toEqual(ints(-2));
  });

  test("a missing key answers -2 per field", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("HTTL", "nokey", "FIELDS", "2", "a", "b")).toEqual(ints(-2, -2));
  });

  test("WRONGTYPE before argument errors", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HTTL", "s", "FIELDS", "0", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["HTTL", "h", "FIELDZ", "1", "a"], ERR.FIELDS_MISSING],
    [["HTTL", "h", "FIELDS", "0", "a"], ERR.NUMFIELDS_NOT_POSITIVE],
    [["HTTL", "h", "FIELDS", "x", "a"], ERR.NUMFIELDS_NOT_POSITIVE],
    [["HTTL", "h", "FIELDS", "2", "a"], ERR.NUMFIELDS_MISMATCH],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run(...argv)).toEqual(r.err(error));
  });
});

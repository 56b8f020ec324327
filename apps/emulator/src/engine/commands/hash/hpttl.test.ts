import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ints = (...values: number[]): Reply => r.arr(...values.map((value) => r.int(value)));

describe("HPTTL", () => {
  test("milliseconds left, -1 without TTL, -2 without field or key", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "2500", "FIELDS", "1", "a");
    clock.advance(1);
    expect(run("HPTTL", "h", "FIELDS", "3", "a", "b", "zz")).toEqual(ints(2499, -1, -2));
    expect(run("HPTTL", "nokey", "FIELDS", "1", "a")).toEqual(ints(-2));
  });

  test.for([[["HPTTL", "h", "FIELDS", "2", "a"], ERR.NUMFIELDS_MISMATCH]] as const)(
    "%j → %s",
    ([argv, error], { expect }) => {
      const { run } = createTestEngine();
      expect(run(...argv)).toEqual(r.err(error));
    },
  );

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HPTTL", "s", "FIELDS", "1", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });
});

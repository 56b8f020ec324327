import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ints = (...values: number[]): Reply => r.arr(...values.map((value) => r.int(value)));

describe("HPEXPIRETIME", () => {
  test("the expiry as Unix milliseconds, -1 without TTL, -2 without field", ({ expect }) => {
    const { run, clock } = createTestEngine();
    const at = clock.now() + 1500;
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "1500", "FIELDS", "1", "a");
    expect(run("HPEXPIRETIME", "h", "FIELDS", "3", "a", "b", "zz")).toEqual(ints(at, -1, -2));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HPEXPIRETIME", "s", "FIELDS", "1", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([[["HPEXPIRETIME", "h", "FIELDS", "none", "a"], ERR.NUMFIELDS_NOT_POSITIVE]] as const)(
    "%j → %s",
    ([argv, error], { expect }) => {
      const { run } = createTestEngine();
      expect(run(...argv)).toEqual(r.err(error));
    },
  );
});

import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ints = (...values: number[]): Reply => r.arr(...values.map((value) => r.int(value)));

describe("HEXPIRETIME", () => {
  test("the expiry as Unix seconds (rounded up), -1 without TTL, -2 without field", ({
    expect,
  }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIREAT", "h", String(clock.now() + 1500), "FIELDS", "1", "a");
    expect(run("HEXPIRETIME", "h", "FIELDS", "3", "a", "b", "zz")).toEqual(
      ints(Math.ceil((clock.now() + 1500) / 1000), -1, -2),
    );
    expect(run("HEXPIRETIME", "nokey", "FIELDS", "1", "a")).toEqual(ints(-2));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HEXPIRETIME", "s", "FIELDS", "1", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([[["HEXPIRETIME", "h", "FIELDS", "1", "a", "b"], ERR.NUMFIELDS_MISMATCH]] as const)(
    "%j → %s",
    ([argv, error], { expect }) => {
      const { run } = createTestEngine();
      expect(run(...argv)).toEqual(r.err(error));
    },
  );
});

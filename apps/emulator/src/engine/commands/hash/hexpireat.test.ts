import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ints = (...values: number[]): Reply => r.arr(...values.map((value) => r.int(value)));

describe("HEXPIREAT", () => {
  test("sets the expiry as a Unix time in seconds", ({ expect }) => {
    const { run, clock } = createTestEngine();
    const at = Math.floor(clock.now() / 1000) + 60;
    run("HSET", "h", "a", "1", "b", "2");
    expect(run("HEXPIREAT", "h", String(at), "FIELDS", "1", "a")).toEqual(ints(1));
    expect(run("HEXPIRETIME", "h", "FIELDS", "1", "a")).toEqual(ints(at));
    clock.advance(60_000);
    expect(run("HEXISTS", "h", "a")).toEqual(r.int(0));
  });

  test("a time in the past deletes the field", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    expect(run("HEXPIREAT", "h", "1", "FIELDS", "1", "a")).toEqual(ints(2));
    expect(run("HKEYS", "h")).toEqual(r.bulks("b"));
  });

  test("logs HPEXPIREAT in milliseconds", ({ expect }) => {
    const effects: { argv: readonly string[] }[] = [];
    const { run, clock } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    const at = Math.floor(clock.now() / 1000) + 60;
    run("HSET", "h", "a", "1");
    run("HEXPIREAT", "h", String(at), "XX", "FIELDS", "1", "a");
    run("HEXPIREAT", "h", String(at), "LT", "FIELDS", "1", "a");
    expect(effects.at(-1)?.argv).toEqual([
      "HPEXPIREAT",
      "h",
      String(at * 1000),
      "LT",
      "FIELDS",
      "1",
      "a",
    ]);
  });

  test("service range: a millisecond timestamp passed as seconds is a far-future time", ({
    expect,
  }) => {
    // redis-server refuses anything past 2^46-1 ms; the service does not (docs/differences.md).
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1");
    const at = clock.now() + 60_000;
    expect(run("HEXPIREAT", "h", String(at), "FIELDS", "1", "a")).toEqual(r.arr(r.int(1)));
    expect(run("HEXPIRETIME", "h", "FIELDS", "1", "a")).toEqual(r.arr(r.int(at)));
    expect(run("HGET", "h", "a")).toEqual(r.bulk("1"));
    expect(run("HEXPIREAT", "h", "4503599627370", "FIELDS", "1", "a")).toEqual(r.arr(r.int(1)));
    expect(run("HEXPIRETIME", "h", "FIELDS", "1", "a")).toEqual(r.arr(r.int(4503599627370)));
  });

  test.for([
    [["HEXPIREAT", "h", "4503599627371", "FIELDS", "1", "a"], ERR.INVALID_EXPIRE("hexpireat")],
    [["HEXPIREAT", "h", "-1", "FIELDS", "1", "a"], ERR.FIELD_EXPIRE_NEGATIVE],
    [["HEXPIREAT", "h", "1", "FIELD", "1", "a"], ERR.FIELDS_MISSING],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run(...argv)).toEqual(r.err(error));
  });
});

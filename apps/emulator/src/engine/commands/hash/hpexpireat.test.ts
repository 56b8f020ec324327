import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ints = (...values: number[]): Reply => r.arr(...values.map((value) => r.int(value)));

describe("HPEXPIREAT", () => {
  test("sets the expiry as a Unix time in milliseconds", ({ expect }) => {
    const { run, clock } = createTestEngine();
    const at = clock.now() + 1234;
    run("HSET", "h", "a", "1", "b", "2");
    expect(run("HPEXPIREAT", "h", String(at), "FIELDS", "2", "a", "b")).toEqual(ints(1, 1));
    expect(run("HPEXPIRETIME", "h", "FIELDS", "1", "a")).toEqual(ints(at));
    expect(run("HEXPIRETIME", "h", "FIELDS", "1", "a")).toEqual(ints(Math.ceil(at / 1000)));
    clock.advance(1234);
    expect(run("HLEN", "h")).toEqual(r.int(0));
  });

  test("the current time itself already deletes", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    expect(run("HPEXPIREAT", "h", String(clock.now()), "FIELDS", "1", "a")).toEqual(ints(2));
  });

  test("logs its own argv unchanged when every field was set", ({ expect }) => {
    const effects: { argv: readonly string[] }[] = [];
    const { run, clock } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("HSET", "h", "a", "1");
    const at = String(clock.now() + 10);
    run("HPEXPIREAT", "h", at, "FIELDS", "1", "a");
    expect(effects.at(-1)?.argv).toEqual(["HPEXPIREAT", "h", at, "FIELDS", "1", "a"]);
  });

  test("service range: past redis-server's 2^46-1 ms limit", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run("HPEXPIREAT", "h", "70368744177664", "FIELDS", "1", "a")).toEqual(r.arr(r.int(1)));
    expect(run("HPEXPIRETIME", "h", "FIELDS", "1", "a")).toEqual(r.arr(r.int(70368744177664)));
  });

  test.for([
    [["HPEXPIREAT", "h", "9223372036854775808", "FIELDS", "1", "a"], ERR.NOT_INTEGER],
    [["HPEXPIREAT", "h", "1.5", "FIELDS", "1", "a"], ERR.NOT_INTEGER],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run(...argv)).toEqual(r.err(error));
  });
});

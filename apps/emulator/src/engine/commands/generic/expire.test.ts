import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("EXPIRE", () => {
  test("sets a TTL in seconds that expires the key", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "v");
    expect(run("EXPIRE", "k", "10")).toEqual(r.int(1));
    expect(run("TTL", "k")).toEqual(r.int(10));
    clock.advance(9_999);
    expect(run("GET", "k")).toEqual(r.bulk("v"));
    clock.advance(1);
    expect(run("GET", "k")).toEqual(r.nil);
  });

  test("0 for a missing key", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("EXPIRE", "nope", "10")).toEqual(r.int(0));
  });

  test("a time in the past deletes the key", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("EXPIRE", "k", "0")).toEqual(r.int(1));
    expect(run("EXISTS", "k")).toEqual(r.int(0));
    run("SET", "k", "v");
    expect(run("EXPIRE", "k", "-5")).toEqual(r.int(1));
    expect(run("EXISTS", "k")).toEqual(r.int(0));
  });

  test("NX and XX", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("EXPIRE", "k", "10", "XX")).toEqual(r.int(0));
    expect(run("EXPIRE", "k", "10", "nx")).toEqual(r.int(1));
    expect(run("EXPIRE", "k", "20", "NX")).toEqual(r.int(0));
    expect(run("EXPIRE", "k", "20", "XX")).toEqual(r.int(1));
    expect(run("TTL", "k")).toEqual(r.int(20));
  });

  test("GT and LT treat no TTL as infinite", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("EXPIRE", "k", "10", "GT")).toEqual(r.int(0));
    expect(run("EXPIRE", "k", "10", "LT")).toEqual(r.int(1));
    expect(run("EXPIRE", "k", "5", "GT")).toEqual(r.int(0));
    expect(run("EXPIRE", "k", "20", "GT")).toEqual(r.int(1));
    expect(run("EXPIRE", "k", "30", "LT")).toEqual(r.int(0));
    expect(run("EXPIRE", "k", "15", "LT", "XX")).toEqual(r.int(1));
    expect(run("TTL", "k")).toEqual(r.int(15));
  });

  test("logs PEXPIREAT with the absolute time, and DEL when the key is deleted", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, clock } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("SET", "k", "v");
    run("EXPIRE", "k", "10", "NX");
    run("EXPIRE", "k", "-1");
    expect(effects.slice(1)).toEqual([
      { db: 0, argv: ["PEXPIREAT", "k", String(clock.now() + 10_000), "NX"] },
      { db: 0, argv: ["DEL", "k"] },
    ]);
  });

  test("publishes expire, del, and expired when the time comes", ({ expect }) => {
    const messages: unknown[] = [];
    const { run, engine, clock } = createTestEngine({
      config: { "notify-keyspace-events": "Egx" },
    });
    const listener = engine.createSession({ address: "x", push: (m) => messages.push(m) });
    engine.execute(["PSUBSCRIBE", "__keyevent@0__:*"], listener);
    run("SET", "a", "v");
    run("SET", "b", "v");
    run("EXPIRE", "a", "1");
    run("EXPIRE", "b", "0");
    clock.advance(1000);
    run("GET", "a");
    const events = messages.map((m) => JSON.stringify(m));
    expect(events.filter((e) => e.includes('__keyevent@0__:expire"')).length).toBe(1);
    expect(events.filter((e) => e.includes('__keyevent@0__:del"')).length).toBe(1);
    expect(events.filter((e) => e.includes('__keyevent@0__:expired"')).length).toBe(1);
  });

  test.for([
    [["EXPIRE", "k", "10", "NX", "XX"], ERR.EXPIRE_NX_AND_OTHERS],
    [["EXPIRE", "k", "10", "NX", "GT"], ERR.EXPIRE_NX_AND_OTHERS],
    [["EXPIRE", "k", "10", "GT", "LT"], ERR.EXPIRE_GT_AND_LT],
    [["EXPIRE", "k", "10", "foo"], ERR.UNSUPPORTED_OPTION("foo")],
    [["EXPIRE", "k", "abc"], ERR.NOT_INTEGER],
    [["EXPIRE", "k", "abc", "foo"], ERR.UNSUPPORTED_OPTION("foo")],
    [["EXPIRE", "k", "9223372036854775807"], ERR.INVALID_EXPIRE("expire")],
    [["EXPIRE", "k", "-9223372036854775807"], ERR.INVALID_EXPIRE("expire")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("TTL", "k")).toEqual(r.int(-1));
  });
});

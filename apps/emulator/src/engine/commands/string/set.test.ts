import { describe, test, vi } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

describe("SET", () => {
  test("stores a value that GET reads back, binary-safe", ({ expect }) => {
    const { run } = createTestEngine();
    const value = "a\u0000b\u00ff\u00fe";
    expect(run("SET", "k", value)).toEqual(r.ok);
    expect(run("GET", "k")).toEqual(r.bulk(value));
  });

  test("NX and XX", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SET", "k", "1", "XX")).toEqual(r.nil);
    expect(run("SET", "k", "1", "NX")).toEqual(r.ok);
    expect(run("SET", "k", "2", "NX")).toEqual(r.nil);
    expect(run("SET", "k", "3", "xx")).toEqual(r.ok);
    expect(run("GET", "k")).toEqual(r.bulk("3"));
  });

  test("GET returns the old value, and nil when there was none", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SET", "k", "1", "GET")).toEqual(r.nil);
    expect(run("SET", "k", "2", "GET")).toEqual(r.bulk("1"));
    expect(run("SET", "k", "3", "NX", "GET")).toEqual(r.bulk("2"));
    expect(run("GET", "k")).toEqual(r.bulk("2"));
  });

  test("EX, PX, EXAT and PXAT expire the key on the clock", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "ex", "v", "EX", "10");
    run("SET", "px", "v", "PX", "1500");
    run("SET", "exat", "v", "EXAT", String(Math.floor(clock.now() / 1000) + 20));
    run("SET", "pxat", "v", "PXAT", String(clock.now() + 2500));
    clock.advance(1499);
    expect(run("GET", "px")).toEqual(r.bulk("v"));
    clock.advance(1);
    expect(run("GET", "px")).toEqual(r.nil);
    clock.advance(1000);
    expect(run("GET", "pxat")).toEqual(r.nil);
    expect(run("GET", "ex")).toEqual(r.bulk("v"));
    clock.advance(7500);
    expect(run("GET", "ex")).toEqual(r.nil);
    expect(run("GET", "exat")).toEqual(r.bulk("v"));
  });

  test("a plain SET clears the TTL; KEEPTTL keeps it", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "a", "v", "PX", "100");
    run("SET", "a", "w");
    run("SET", "b", "v", "PX", "100");
    run("SET", "b", "w", "KEEPTTL");
    clock.advance(100);
    expect(run("GET", "a")).toEqual(r.bulk("w"));
    expect(run("GET", "b")).toEqual(r.nil);
  });

  test("GET on a non-string is WRONGTYPE and changes nothing", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "k", "v");
    // Replace with a container-typed value through the keyspace to avoid depending on other groups.
    engine.databases[0]?.set("k", new List(["x"]));
    expect(run("SET", "k", "x", "GET")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("GET", "k")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["SET", "k", "v", "NX", "XX"], ERR.SYNTAX],
    [["SET", "k", "v", "EX", "10", "PX", "10"], ERR.SYNTAX],
    [["SET", "k", "v", "EX", "10", "KEEPTTL"], ERR.SYNTAX],
    [["SET", "k", "v", "EX"], ERR.SYNTAX],
    [["SET", "k", "v", "FOO"], ERR.SYNTAX],
    [["SET", "k", "v", "EX", "abc"], ERR.NOT_INTEGER],
    [["SET", "k", "v", "EX", "0"], ERR.INVALID_EXPIRE("set")],
    [["SET", "k", "v", "PX", "-5"], ERR.INVALID_EXPIRE("set")],
    [["SET", "k", "v", "EX", "9223372036854775807"], ERR.INVALID_EXPIRE("set")],
    // Syntax is checked before the expiry's value.
    [["SET", "k", "v", "EX", "abc", "NX", "XX"], ERR.SYNTAX],
    [["SET", "k", "v", "PX", "10", "EX"], ERR.SYNTAX],
    [["SET", "k", "v", "NX", "IFEQ", "x"], ERR.SYNTAX],
    [["SET", "k", "v", "IFEQ", "x", "IFNE", "y"], ERR.SYNTAX],
    [["SET", "k", "v", "IFEQ"], ERR.SYNTAX],
    [["SET", "k", "v", "PERSIST"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("GET", "k")).toEqual(r.nil);
  });

  test("logs the absolute expiry as the effect", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, clock } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("SET", "k", "v", "EX", "10", "GET");
    expect(effects).toEqual([
      { db: 0, argv: ["SET", "k", "v", "PXAT", String(clock.now() + 10_000)] },
    ]);
  });

  test("repeated options are accepted, the last expiry wins", ({ expect }) => {
    const { run, clock } = createTestEngine();
    expect(run("SET", "k", "v", "NX", "NX", "PX", "10", "px", "20", "GET", "GET")).toEqual(r.nil);
    clock.advance(10);
    expect(run("GET", "k")).toEqual(r.bulk("v"));
    expect(run("SET", "k", "w", "KEEPTTL", "KEEPTTL", "XX", "XX")).toEqual(r.ok);
    clock.advance(10);
    expect(run("GET", "k")).toEqual(r.nil);
  });

  test("publishes `set` then `expire`", ({ expect }) => {
    const { run, engine } = createTestEngine();
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    run("SET", "k", "v", "EX", "10");
    expect(spy.mock.calls.map(([event]) => [event.event, event.type])).toEqual([
      ["set", "$"],
      ["expire", "g"],
    ]);
  });

  test("IFEQ and IFNE compare with the current value", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SET", "k", "v", "IFEQ", "x")).toEqual(r.nil);
    expect(run("GET", "k")).toEqual(r.nil);
    expect(run("SET", "k", "hello", "IFNE", "x")).toEqual(r.ok);
    expect(run("SET", "k", "world", "IFEQ", "different")).toEqual(r.nil);
    expect(run("SET", "k", "world", "ifeq", "hello")).toEqual(r.ok);
    expect(run("SET", "k", "other", "IFNE", "world")).toEqual(r.nil);
    expect(run("GET", "k")).toEqual(r.bulk("world"));
    run("SET", "i", "12345");
    expect(run("SET", "i", "x", "IFEQ", "12345")).toEqual(r.ok);
  });

  test("IFDEQ and IFDNE compare digests; a missing key fails IFDEQ and passes IFDNE", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    expect(run("SET", "k", "v", "IFDEQ", "1234567890")).toEqual(r.nil);
    expect(run("SET", "k", "hello", "IFDNE", "1234567890")).toEqual(r.ok);
    const digest = "9555e8555c62dcfd";
    expect(run("SET", "k", "world", "IFDNE", digest)).toEqual(r.nil);
    expect(run("SET", "k", "world", "IFDEQ", "0".repeat(16))).toEqual(r.nil);
    expect(run("SET", "k", "world", "IFDEQ", digest.toUpperCase(), "EX", "10")).toEqual(r.ok);
    expect(run("GET", "k")).toEqual(r.bulk("world"));
    expect(run("SET", "k", "x", "IFDEQ", "abc")).toEqual(r.err(ERR.DIGEST_LENGTH));
  });

  test("with GET a failed condition still returns the old value", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "hello");
    expect(run("SET", "k", "world", "IFEQ", "different", "GET")).toEqual(r.bulk("hello"));
    expect(run("SET", "k", "world", "IFNE", "different", "GET")).toEqual(r.bulk("hello"));
    expect(run("GET", "k")).toEqual(r.bulk("world"));
    expect(run("SET", "m", "x", "IFEQ", "a", "GET")).toEqual(r.nil);
    expect(run("GET", "m")).toEqual(r.nil);
  });

  test("IFEQ then NX parses, as in Redis, and never sets", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SET", "k", "v", "IFEQ", "x", "NX")).toEqual(r.nil);
    run("SET", "k", "x");
    expect(run("SET", "k", "v", "IFEQ", "x", "NX")).toEqual(r.nil);
  });

  test("a condition on another type is WRONGTYPE", ({ expect }) => {
    const { run, engine } = createTestEngine();
    engine.databases[0]?.set("l", new List(["x"]));
    expect(run("SET", "l", "v", "IFEQ", "x")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("SET", "l", "v", "IFDNE", "1234567890123456")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("SET", "l", "v", "NX")).toEqual(r.nil);
    expect(run("SET", "l", "v", "XX")).toEqual(r.ok);
  });

  test("logs KEEPTTL, and never the conditions", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("SET", "k", "v", "KEEPTTL");
    run("SET", "k", "w", "IFEQ", "v", "GET");
    expect(effects).toEqual([
      { db: 0, argv: ["SET", "k", "v", "KEEPTTL"] },
      { db: 0, argv: ["SET", "k", "w"] },
    ]);
  });
});

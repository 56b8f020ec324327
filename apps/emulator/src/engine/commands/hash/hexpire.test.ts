import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ints = (...values: number[]): Reply => r.arr(...values.map((value) => r.int(value)));

function listen(engine: Engine): string[] {
  const events: string[] = [];
  const session = engine.createSession({
    address: "test",
    push: (message: Reply) => {
      if (message.kind === "array") {
        const [, , channel, key] = message.items;
        if (channel?.kind === "bulk" && key?.kind === "bulk") {
          events.push(`${channel.value.replace(/^__keyevent@0__:/, "")} ${key.value}`);
        }
      }
    },
  });
  engine.pubsub.psubscribe(session, "__keyevent@0__:*");
  return events;
}

function encodingOf(engine: Engine, key: string): string | undefined {
  const value = engine.databases[0]?.get(key);
  return typeof value === "object" ? value.encoding() : undefined;
}

describe("HEXPIRE", () => {
  test("sets a TTL in seconds per field; -2 for missing fields", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2", "c", "3");
    expect(run("HEXPIRE", "h", "10", "FIELDS", "2", "a", "zz")).toEqual(ints(1, -2));
    expect(run("HTTL", "h", "FIELDS", "3", "a", "b", "zz")).toEqual(ints(10, -1, -2));
    clock.advance(9999);
    expect(run("HGET", "h", "a")).toEqual(r.bulk("1"));
    clock.advance(1);
    expect(run("HGET", "h", "a")).toEqual(r.nil);
    expect(run("HLEN", "h")).toEqual(r.int(2));
  });

  test("a missing key answers -2 for every field", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("HEXPIRE", "nokey", "10", "FIELDS", "2", "a", "b")).toEqual(ints(-2, -2));
  });

  test("NX, XX, GT and LT (no TTL counts as infinite)", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "ttl", "1", "plain", "2");
    run("HEXPIRE", "h", "100", "FIELDS", "1", "ttl");
    expect(run("HEXPIRE", "h", "50", "NX", "FIELDS", "2", "ttl", "plain")).toEqual(ints(0, 1));
    run("HPERSIST", "h", "FIELDS", "1", "plain");
    expect(run("HEXPIRE", "h", "50", "XX", "FIELDS", "2", "ttl", "plain")).toEqual(ints(1, 0));
    expect(run("HEXPIRE", "h", "40", "gt", "FIELDS", "2", "ttl", "plain")).toEqual(ints(0, 0));
    expect(run("HEXPIRE", "h", "60", "GT", "FIELDS", "1", "ttl")).toEqual(ints(1));
    expect(run("HEXPIRE", "h", "70", "LT", "FIELDS", "2", "ttl", "plain")).toEqual(ints(0, 1));
    expect(run("HEXPIRE", "h", "30", "LT", "FIELDS", "1", "ttl")).toEqual(ints(1));
    expect(run("HTTL", "h", "FIELDS", "2", "ttl", "plain")).toEqual(ints(30, 70));
  });

  test("a time not in the future deletes the field (2); the last one takes the key", ({
    expect,
  }) => {
    const { run, engine } = createTestEngine({ config: { "notify-keyspace-events": "KEA" } });
    run("HSET", "h", "a", "1", "b", "2");
    const events = listen(engine);
    expect(run("HEXPIRE", "h", "0", "FIELDS", "1", "a")).toEqual(ints(2));
    expect(run("HKEYS", "h")).toEqual(r.bulks("b"));
    expect(run("HEXPIRE", "h", "0", "FIELDS", "2", "b", "b")).toEqual(ints(2, -2));
    expect(engine.databases[0]?.has("h")).toBe(false);
    expect(events).toEqual(["hdel h", "hdel h", "del h"]);
  });

  test("expiring fields announce hexpired, and del with the last one", ({ expect }) => {
    const { run, clock, engine } = createTestEngine({
      config: { "notify-keyspace-events": "KEA" },
    });
    run("HSET", "h", "a", "1", "b", "2");
    const events = listen(engine);
    run("HEXPIRE", "h", "1", "FIELDS", "2", "a", "b");
    clock.advance(1000);
    expect(run("HGETALL", "h")).toEqual(r.arr());
    expect(events).toEqual(["hexpire h", "hexpired h", "del h"]);
  });

  test("turns a listpack into a listpackex, even when no field was set", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(encodingOf(engine, "h")).toBe("listpack");
    run("HEXPIRE", "h", "10", "FIELDS", "1", "zz");
    expect(encodingOf(engine, "h")).toBe("listpackex");
  });

  test("logs HPEXPIREAT with the absolute time, only for the fields it set", ({ expect }) => {
    const effects: { argv: readonly string[] }[] = [];
    const { run, clock } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("HSET", "h", "a", "1", "b", "2", "c", "3");
    run("HEXPIRE", "h", "100", "FIELDS", "1", "b");
    effects.length = 0;
    run("HEXPIRE", "h", "10", "NX", "FIELDS", "3", "a", "b", "zz");
    expect(effects.map((effect) => effect.argv)).toEqual([
      ["HPEXPIREAT", "h", String(clock.now() + 10_000), "NX", "FIELDS", "1", "a"],
    ]);
    effects.length = 0;
    run("HEXPIRE", "h", "0", "FIELDS", "1", "c");
    expect(effects.map((effect) => effect.argv)).toEqual([["HDEL", "h", "c"]]);
    effects.length = 0;
    run("HEXPIRE", "h", "10", "NX", "FIELDS", "1", "a");
    expect(effects).toEqual([]);
  });

  test("WRONGTYPE comes before argument errors", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HEXPIRE", "s", "x", "FIELDS", "1", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["HEXPIRE", "h", "x", "FIELDS", "1", "a"], ERR.NOT_INTEGER],
    [["HEXPIRE", "h", "-1", "FIELDS", "1", "a"], ERR.FIELD_EXPIRE_NEGATIVE],
    [["HEXPIRE", "h", "70368744177664", "FIELDS", "1", "a"], ERR.INVALID_EXPIRE("hexpire")],
    [["HEXPIRE", "h", "70368744177", "FIELDS", "1", "a"], ERR.INVALID_EXPIRE("hexpire")],
    [["HEXPIRE", "h", "10", "XX", "NX", "FIELDS", "1", "a"], ERR.FIELDS_MISSING],
    [["HEXPIRE", "h", "10", "FOO", "FIELDS", "1", "a"], ERR.FIELDS_MISSING],
    [["HEXPIRE", "h", "10", "FIELDS", "0", "a"], ERR.NUMFIELDS_NOT_GREATER_THAN_ZERO],
    [["HEXPIRE", "h", "10", "FIELDS", "x", "a"], ERR.NUMFIELDS_NOT_GREATER_THAN_ZERO],
    [["HEXPIRE", "h", "10", "FIELDS", "2", "a"], ERR.NUMFIELDS_MISMATCH],
    [["HEXPIRE", "h", "10", "FIELDS", "1", "a", "b"], ERR.NUMFIELDS_MISMATCH],
    [["HEXPIRE", "h", "10", "NX", "FIELDS", "1"], ERR.NUMFIELDS_MISMATCH],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("HTTL", "h", "FIELDS", "1", "a")).toEqual(ints(-1));
  });
});

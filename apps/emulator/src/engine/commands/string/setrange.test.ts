import { describe, test, vi } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("SETRANGE", () => {
  // Cases of Redis's tests/unit/type/string.tcl.
  test.for([
    [undefined, "0", "foo", 3, "foo"],
    [undefined, "1", "foo", 4, "\u0000foo"],
    ["foo", "0", "b", 3, "boo"],
    ["foo", "1", "b", 3, "fbo"],
    ["foo", "4", "bar", 7, "foo\u0000bar"],
    ["1234", "0", "2", 4, "2234"],
    ["1234", "5", "2", 6, "1234\u00002"],
  ] as const)("%j, %s, %j → %i, %j", ([initial, offset, value, length, result], { expect }) => {
    const { run } = createTestEngine();
    if (initial !== undefined) {
      run("SET", "k", initial);
    }
    expect(run("SETRANGE", "k", offset, value)).toEqual(r.int(length));
    expect(run("GET", "k")).toEqual(r.bulk(result));
  });

  test("an empty value changes nothing, whatever the offset", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    expect(run("SETRANGE", "k", "0", "")).toEqual(r.int(0));
    expect(run("GET", "k")).toEqual(r.nil);
    run("SET", "k", "foo");
    effects.length = 0;
    expect(run("SETRANGE", "k", "9223372036854775807", "")).toEqual(r.int(3));
    expect(effects).toEqual([]);
  });

  test("keeps the TTL and publishes `setrange`", ({ expect }) => {
    const { run, clock, engine } = createTestEngine();
    run("SET", "k", "hello", "PX", "10");
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    run("SETRANGE", "k", "0", "J");
    expect(spy.mock.calls[0]?.[0]).toMatchObject({ event: "setrange", type: "$", key: "k" });
    clock.advance(10);
    expect(run("GET", "k")).toEqual(r.nil);
  });

  test.for([
    [["k", "-1", "x"], ERR.OFFSET_OUT_OF_RANGE],
    [["k", "abc", "x"], ERR.NOT_INTEGER],
    [["k", "536870912", "x"], ERR.STRING_TOO_LONG],
    [["k", "536870908", "world"], ERR.STRING_TOO_LONG],
    [["k", "9223372036854775807", "x"], ERR.STRING_TOO_LONG],
    // Within proto-max-bulk-len (redis-server answers 536870912), past the engine's limit.
    [["k", "536870911", "x"], ERR.STRING_OVER_ENGINE_LIMIT],
    [["k", "536870880", "123456789"], ERR.STRING_OVER_ENGINE_LIMIT],
    [["l", "0", "x"], ERR.WRONGTYPE],
    // The offset is checked before the key's type.
    [["l", "-1", "x"], ERR.OFFSET_OUT_OF_RANGE],
  ] as const)("%j → %s", ([args, error], { expect }) => {
    const { run, engine } = createTestEngine();
    putList(engine, "l");
    expect(run("SETRANGE", ...args)).toEqual(r.err(error));
    expect(run("GET", "k")).toEqual(r.nil);
  });

  test("past the engine's limit, an existing value is left as it was", ({ expect }) => {
    const { run } = createTestEngine({ config: { "proto-max-bulk-len": "1gb" } });
    run("SET", "k", "hello", "PX", "100");
    // With proto-max-bulk-len raised, Redis grows strings past 512 MiB; the engine cannot.
    expect(run("SETRANGE", "k", "600000000", "x")).toEqual(r.err(ERR.STRING_OVER_ENGINE_LIMIT));
    expect(run("SETRANGE", "k", "1073741824", "x")).toEqual(r.err(ERR.STRING_TOO_LONG));
    expect(run("GET", "k")).toEqual(r.bulk("hello"));
    expect(run("PTTL", "k")).toEqual(r.int(100));
  });
});

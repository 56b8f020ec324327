import { describe, test, vi } from "vitest";
import { MAX_BINARY_LENGTH } from "../../bytes.ts";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("APPEND", () => {
  test("creates the key, then appends; the new length", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("APPEND", "k", "Hello")).toEqual(r.int(5));
    expect(run("APPEND", "k", " World\u0000\u00ff")).toEqual(r.int(13));
    expect(run("GET", "k")).toEqual(r.bulk("Hello World\u0000\u00ff"));
  });

  test("keeps the TTL of an existing key", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "a", "PX", "100");
    run("APPEND", "k", "b");
    clock.advance(99);
    expect(run("GET", "k")).toEqual(r.bulk("ab"));
    clock.advance(1);
    expect(run("GET", "k")).toEqual(r.nil);
    expect(run("APPEND", "k", "c")).toEqual(r.int(1));
  });

  test("publishes `append`", ({ expect }) => {
    const { run, engine } = createTestEngine();
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    run("APPEND", "k", "x");
    expect(spy.mock.calls.map(([event]) => [event.event, event.type, event.key])).toEqual([
      ["append", "$", "k"],
    ]);
  });

  test("refuses to grow past proto-max-bulk-len", ({ expect }) => {
    const { run } = createTestEngine({ config: { "proto-max-bulk-len": "1mb" } });
    const limit = 1024 * 1024;
    run("SET", "k", "x".repeat(limit - 5));
    expect(run("APPEND", "k", "123456")).toEqual(r.err(ERR.STRING_TOO_LONG));
    expect(run("APPEND", "k", "12345")).toEqual(r.int(limit));
    // A new key is the argument itself, which the protocol already accepted.
    expect(run("APPEND", "n", "x".repeat(limit + 1))).toEqual(r.int(limit + 1));
  });

  test("refuses to grow past the engine's limit, where Redis allows 512 MiB", ({ expect }) => {
    const { run } = createTestEngine();
    // The longest value the engine holds (V8 builds the zero padding as a rope: this is quick).
    expect(run("SETRANGE", "k", String(MAX_BINARY_LENGTH - 1), "x")).toEqual(
      r.int(MAX_BINARY_LENGTH),
    );
    // redis-server answers 536870889 and then 536870912 (up to proto-max-bulk-len).
    expect(run("APPEND", "k", "y")).toEqual(r.err(ERR.STRING_OVER_ENGINE_LIMIT));
    expect(run("APPEND", "k", "y".repeat(24))).toEqual(r.err(ERR.STRING_OVER_ENGINE_LIMIT));
    expect(run("STRLEN", "k")).toEqual(r.int(MAX_BINARY_LENGTH));
    expect(run("DEL", "k")).toEqual(r.int(1));
  });

  test("WRONGTYPE on another type", ({ expect }) => {
    const { run, engine } = createTestEngine();
    putList(engine, "l");
    expect(run("APPEND", "l", "x")).toEqual(r.err(ERR.WRONGTYPE));
  });
});

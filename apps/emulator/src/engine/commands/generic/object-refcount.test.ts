import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("OBJECT REFCOUNT", () => {
  test("shared integers 0..9999 report INT_MAX, other values 1", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "small", "9999");
    run("SET", "big", "10000");
    run("SET", "negative", "-1");
    run("SET", "text", "hello");
    expect(run("OBJECT", "REFCOUNT", "small")).toEqual(r.int(2147483647));
    expect(run("OBJECT", "REFCOUNT", "big")).toEqual(r.int(1));
    expect(run("OBJECT", "REFCOUNT", "negative")).toEqual(r.int(1));
    expect(run("OBJECT", "REFCOUNT", "text")).toEqual(r.int(1));
    expect(run("OBJECT", "REFCOUNT", "nope")).toEqual(r.nil);
  });

  test("no sharing when maxmemory is set with an LRU/LFU policy", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "small", "1");
    run("CONFIG", "SET", "maxmemory", "1mb", "maxmemory-policy", "allkeys-lru");
    expect(run("OBJECT", "REFCOUNT", "small")).toEqual(r.int(1));
  });
});

import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("DUMP", () => {
  test("matches Redis's payload for strings (RDB string, version, CRC64)", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "hello");
    const reply = run("DUMP", "k");
    expect(reply.kind).toBe("bulk");
    const payload = reply.kind === "bulk" ? reply.value : "";
    // Type 0, length 5, the bytes, RDB version 12 (little-endian), then 8 CRC bytes.
    expect(payload.slice(0, 9)).toBe("\u0000\u0005hello\u000c\u0000");
    expect(payload.length).toBe(17);
  });

  test("nil for a missing key", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("DUMP", "nope")).toEqual(r.nil);
  });

  test("round-trips through RESTORE, binary-safe", ({ expect }) => {
    const { run } = createTestEngine();
    const value = "\u0000\u00ff bytes \r\n";
    run("SET", "k", value);
    const reply = run("DUMP", "k");
    const payload = reply.kind === "bulk" ? reply.value : "";
    expect(run("RESTORE", "k2", "0", payload)).toEqual(r.ok);
    expect(run("GET", "k2")).toEqual(r.bulk(value));
  });

  test("every container type round-trips through RESTORE", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "list", "a", "1");
    run("SADD", "set", "x", "y");
    run("ZADD", "zset", "1", "m");
    run("HSET", "hash", "f", "v");
    run("XADD", "stream", "1-1", "f", "v");
    for (const key of ["list", "set", "zset", "hash", "stream"]) {
      const reply = run("DUMP", key);
      expect(reply.kind, key).toBe("bulk");
      const payload = reply.kind === "bulk" ? reply.value : "";
      expect(run("RESTORE", `${key}-copy`, "0", payload), key).toEqual(r.ok);
      expect(run("DUMP", `${key}-copy`), key).toEqual(reply);
    }
  });
});

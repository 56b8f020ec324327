import { describe, test } from "vitest";
import { createKeyspace, uniqueKey } from "./unique-key.ts";

describe("uniqueKey", () => {
  test("never repeats and keeps the label last", ({ expect }) => {
    const keys = Array.from({ length: 1000 }, () => uniqueKey("cart"));
    expect(new Set(keys).size).toBe(1000);
    expect(keys[0]).toMatch(/^test:[0-9a-z]+:[0-9a-z]+:cart$/);
  });

  test("a keyspace's pattern covers its keys", ({ expect }) => {
    const keyspace = createKeyspace("orders");
    expect(keyspace.key("1")).toBe(`${keyspace.prefix}:1`);
    expect(keyspace.pattern).toBe(`${keyspace.prefix}:*`);
    expect(createKeyspace("orders").prefix).not.toBe(keyspace.prefix);
  });
});

import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("MEMORY STATS", () => {
  test("a flat map of Redis's fields, with the key count", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "a", "1");
    run("SET", "b", "2");
    const reply = run("MEMORY", "STATS");
    const items = reply.kind === "array" ? reply.items : [];
    const fields = new Map<string, unknown>();
    for (let i = 0; i < items.length; i += 2) {
      const name = items[i];
      fields.set(name?.kind === "bulk" ? name.value : "", items[i + 1]);
    }
    expect(fields.get("keys.count")).toEqual(r.int(2));
    expect(fields.get("dataset.bytes")).toEqual(r.int(96));
    expect(fields.has("peak.allocated")).toBe(true);
    expect(fields.has("db.0")).toBe(true);
  });
});

import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("RANDOMKEY", () => {
  test("nil when empty, else one of the keys", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("RANDOMKEY")).toEqual(r.nil);
    run("SET", "a", "1");
    run("SET", "b", "2");
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const reply = run("RANDOMKEY");
      seen.add(reply.kind === "bulk" ? reply.value : "?");
    }
    expect([...seen].sort()).toEqual(["a", "b"]);
  });

  test("skips expired keys", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "gone", "v", "PX", "1");
    clock.set(clock.now() + 1);
    expect(run("RANDOMKEY")).toEqual(r.nil);
  });
});

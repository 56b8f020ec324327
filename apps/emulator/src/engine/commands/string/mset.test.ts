import { describe, test, vi } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("MSET", () => {
  test("sets every key, the last of a repeated key wins, TTLs are cleared", ({ expect }) => {
    const { run, clock, engine } = createTestEngine();
    run("SET", "a", "old", "PX", "10");
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    expect(run("MSET", "a", "1", "b", "2", "b", "3")).toEqual(r.ok);
    clock.advance(10);
    expect(run("MGET", "a", "b")).toEqual(r.bulks("1", "3"));
    expect(spy.mock.calls.map(([event]) => `${event.event}:${event.key}`)).toEqual([
      "set:a",
      "set:b",
      "set:b",
    ]);
  });

  test("an odd number of arguments is an arity error", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("MSET", "a", "1", "b")).toEqual(r.err(ERR.WRONG_ARITY("mset")));
    expect(run("GET", "a")).toEqual(r.nil);
  });
});

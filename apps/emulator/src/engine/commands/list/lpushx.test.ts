import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LPUSHX", () => {
  test("prepends only to an existing list", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("LPUSHX", "k", "a")).toEqual(r.int(0));
    expect(run("EXISTS", "k")).toEqual(r.int(0));
    run("RPUSH", "k", "a");
    expect(run("LPUSHX", "k", "b", "c")).toEqual(r.int(3));
    expect(run("LRANGE", "k", "0", "-1")).toEqual(r.bulks("c", "b", "a"));
  });

  test("wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("LPUSHX", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("an expired list does not exist", ({ expect }) => {
    const { run, clock, engine } = createTestEngine();
    run("RPUSH", "k", "a");
    engine.databases[0]?.setExpiresAt("k", clock.now() + 10);
    clock.advance(10);
    expect(run("LPUSHX", "k", "b")).toEqual(r.int(0));
  });
});

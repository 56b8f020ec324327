import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LPUSH", () => {
  test("prepends one by one and answers the length", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("LPUSH", "k", "a", "b", "c")).toEqual(r.int(3));
    expect(run("LPUSH", "k", "d")).toEqual(r.int(4));
    expect(run("LRANGE", "k", "0", "-1")).toEqual(r.bulks("d", "c", "b", "a"));
  });

  test("binary-safe elements", ({ expect }) => {
    const { run } = createTestEngine();
    run("LPUSH", "k", "\u0000\u00ff");
    expect(run("LINDEX", "k", "0")).toEqual(r.bulk("\u0000\u00ff"));
  });

  test("wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("LPUSH", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("an expired list is replaced by a new one", ({ expect }) => {
    const { run, clock, engine } = createTestEngine();
    run("LPUSH", "k", "old");
    engine.databases[0]?.setExpiresAt("k", clock.now() + 100);
    clock.advance(100);
    expect(run("LPUSH", "k", "new")).toEqual(r.int(1));
  });

  test("announces lpush and logs the command", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, engine } = createTestEngine({
      config: { "notify-keyspace-events": "KEA" },
      onEffects: (batch) => effects.push(...batch),
    });
    const events: unknown[] = [];
    const listener = engine.createSession({ address: "x", push: (m) => events.push(m) });
    engine.execute(["PSUBSCRIBE", "__keyevent@0__:*"], listener);
    run("LPUSH", "k", "a");
    expect(JSON.stringify(events)).toContain("__keyevent@0__:lpush");
    expect(effects).toEqual([{ db: 0, argv: ["LPUSH", "k", "a"] }]);
  });

  test("OBJECT ENCODING: listpack, then quicklist past list-max-listpack-size", ({ expect }) => {
    const { run } = createTestEngine({ config: { "list-max-listpack-size": "4" } });
    run("LPUSH", "k", "a", "b", "c", "d");
    expect(run("OBJECT", "ENCODING", "k")).toEqual(r.bulk("listpack"));
    run("LPUSH", "k", "e");
    expect(run("OBJECT", "ENCODING", "k")).toEqual(r.bulk("quicklist"));
  });
});

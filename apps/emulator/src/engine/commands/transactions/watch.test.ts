import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("WATCH", () => {
  test("a change by anyone makes the next EXEC fail", ({ expect }) => {
    const { run, engine, session } = createTestEngine();
    const other = engine.createSession({ address: "x" });
    run("SET", "k", "1");
    expect(run("WATCH", "k", "other")).toEqual(r.ok);
    expect(session.watchedKeys.size).toBe(2);
    engine.execute(["SET", "k", "2"], other);
    expect(engine.exec([["SET", "x", "1"]], session)).toBeUndefined();
    expect(session.watchedKeys.size).toBe(0);
  });

  test("expiry and FLUSHDB touch watched keys; FLUSHDB only the ones that existed", ({
    expect,
  }) => {
    const { run, engine, session, clock } = createTestEngine();
    run("SET", "k", "1", "PX", "10");
    run("WATCH", "k");
    clock.advance(100);
    expect(engine.exec([["PING"]], session)).toBeUndefined();
    run("SET", "j", "1");
    run("WATCH", "j");
    run("FLUSHDB");
    expect(engine.exec([["PING"]], session)).toBeUndefined();
    // Redis 7.0+: a watched key the flush did not remove is not touched.
    run("WATCH", "missing");
    run("FLUSHDB");
    expect(engine.exec([["PING"]], session)).toEqual([r.simple("PONG")]);
  });

  test("inside EXEC it is an error", ({ expect }) => {
    const { engine, session } = createTestEngine();
    expect(engine.exec([["WATCH", "k"]], session)).toEqual([r.err(ERR.WATCH_IN_MULTI)]);
  });
});

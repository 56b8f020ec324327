import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("RESET", () => {
  test("returns the connection to its initial state", ({ expect }) => {
    const { run, session, engine } = createTestEngine();
    run("SELECT", "3");
    run("CLIENT", "SETNAME", "me");
    run("CLIENT", "NO-EVICT", "ON");
    run("WATCH", "k");
    run("SUBSCRIBE", "c");
    run("PSUBSCRIBE", "p*");
    run("SSUBSCRIBE", "s");
    expect(run("RESET")).toEqual(r.simple("RESET"));
    expect(session.dbIndex).toBe(0);
    expect(session.name).toBe("");
    expect(session.isNoEvict).toBe(false);
    expect(session.watchedKeys.size).toBe(0);
    expect(session.subscriptionCount).toBe(0);
    expect(session.shardChannels.size).toBe(0);
    expect(run("PUBSUB", "NUMSUB", "c")).toEqual(r.arr(r.bulk("c"), r.int(0)));
    expect(engine.pubsub.numberOfPatterns()).toBe(0);
  });

  test("the connection must authenticate again when the default user has a password", ({
    expect,
  }) => {
    const { run, session, engine } = createTestEngine();
    engine.authenticator = {
      hasDefaultPassword: true,
      hasUser: () => true,
      authenticate: () => true,
    };
    run("AUTH", "default", "pw");
    expect(session.isAuthenticated).toBe(true);
    expect(run("RESET")).toEqual(r.simple("RESET"));
    expect(session.user).toBe("default");
    expect(session.isAuthenticated).toBe(false);
  });
});

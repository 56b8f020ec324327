import { describe, test } from "vitest";
import { CallStats, countedError, errorPrefix } from "./call-stats.ts";
import { reply } from "./reply.ts";
import { createTestEngine } from "./test-support.ts";

describe("errorPrefix", () => {
  test("is the text before the first space, within 32 characters; ERR otherwise", ({ expect }) => {
    expect(errorPrefix("WRONGTYPE Operation against a key")).toBe("WRONGTYPE");
    expect(errorPrefix("nospace")).toBe("ERR");
    expect(errorPrefix(`${"X".repeat(40)} late space`)).toBe("ERR");
  });
});

describe("CallStats", () => {
  test("stops adding prefixes after 128 but keeps counting the total", ({ expect }) => {
    const stats = new CallStats();
    for (let i = 0; i < 130; i++) {
      stats.recordErrorReply(`E${i} bad`);
    }
    stats.recordErrorReply("E0 again");
    expect(stats.errors()).toHaveLength(128);
    expect(stats.errors().find(([prefix]) => prefix === "E0")).toEqual(["E0", 2]);
    expect(stats.totalErrorReplies).toBe(131);
  });

  test("a counted error reply fails its command without counting again", ({ expect }) => {
    const stats = new CallStats();
    stats.recordErrorReply("WRONGTYPE inner");
    stats.called("lpush", 1, reply.error("WRONGTYPE inner"));
    stats.called("eval", 1, countedError("WRONGTYPE inner"));
    stats.called("get", 1, reply.ok());
    expect(stats.totalErrorReplies).toBe(1);
    expect(Object.fromEntries(stats.commands())).toEqual({
      eval: { calls: 1, usec: 1, rejectedCalls: 0, failedCalls: 1 },
      get: { calls: 1, usec: 1, rejectedCalls: 0, failedCalls: 0 },
      lpush: { calls: 1, usec: 1, rejectedCalls: 0, failedCalls: 1 },
    });
  });
});

describe("the dispatcher's counting", () => {
  test("an ACL denial is a rejected call with a NOPERM error", ({ expect }) => {
    const { engine, run, session } = createTestEngine();
    run("ACL", "SETUSER", "reader", "on", "nopass", "+get", "~*");
    session.user = "reader";
    expect(run("SET", "k", "v").kind).toBe("error");
    expect(engine.callStats.errors()).toEqual([["NOPERM", 1]]);
    expect(engine.callStats.commands().find(([name]) => name === "set")?.[1]).toMatchObject({
      calls: 0,
      rejectedCalls: 1,
    });
  });

  test("a blocked command counts its call when it is served", ({ expect }) => {
    const { engine, execute, run } = createTestEngine();
    expect(execute("BLPOP", "list", "0").kind).toBe("blocked");
    expect(engine.callStats.commands().find(([name]) => name === "blpop")).toBeUndefined();
    run("RPUSH", "list", "a");
    expect(engine.callStats.commands().find(([name]) => name === "rpush")?.[1].calls).toBe(1);
  });
});

/**
 * A script past busy-reply-threshold runs in slices (src/script.c scriptInterrupt): between them
 * other clients get BUSY and may SCRIPT KILL / FUNCTION KILL it. Expected texts are redis-server
 * 7.0's. The first slice runs synchronously until the limit, so these tests act between slices
 * without timing: everything after `execute` until the first `await` happens while it is busy.
 */
import { describe, test } from "vitest";
import type { BlockedReply } from "../commands/context.ts";
import { ERR } from "../errors.ts";
import type { Reply } from "../reply.ts";
import { createTestEngine, r } from "../test-support.ts";
import { TransactionQueue } from "../transaction-queue.ts";

/** Enough iterations to pass a 10 ms limit on any machine, few enough to end in a test. */
const BOUNDED_LOOP = "local n = 0 for i = 1, 3e6 do n = n + 1 end return n";

function busyEngine(): ReturnType<typeof createTestEngine> & {
  other: (...argv: string[]) => ReturnType<ReturnType<typeof createTestEngine>["execute"]>;
} {
  const test = createTestEngine();
  test.run("CONFIG", "SET", "busy-reply-threshold", "10");
  const session = test.engine.createSession({ address: "127.0.0.1:2" });
  return { ...test, other: (...argv) => test.engine.execute(argv, session) };
}

/** The pending reply of a script that went busy (fails the test when it did not). */
function pendingOf(result: Reply | BlockedReply): Promise<Reply> {
  if (result.kind !== "blocked" || result.pending === undefined) {
    throw new Error(`the script did not go busy: ${JSON.stringify(result)}`);
  }
  return result.pending;
}

describe("a script past busy-reply-threshold", () => {
  test("keeps running while other clients get BUSY, and ends with its own reply", async ({
    expect,
  }) => {
    const { execute, other, run } = busyEngine();
    run("SET", "k", "v");
    const pending = pendingOf(execute("EVAL", BOUNDED_LOOP, "0"));
    expect(other("GET", "k")).toEqual(r.err(ERR.BUSY_EVAL));
    expect(other("EVAL", "return 1", "0")).toEqual(r.err(ERR.BUSY_EVAL));
    // allow_busy commands still run.
    expect(other("UNWATCH")).toEqual(r.ok);
    expect(await pending).toEqual(r.int(3_000_000));
    expect(other("GET", "k")).toEqual(r.bulk("v"));
    expect(other("SCRIPT", "KILL")).toEqual(r.err(ERR.NOTBUSY));
  });

  test("SCRIPT KILL stops it; its caller gets Redis's error", async ({ expect }) => {
    const { execute, other, run } = busyEngine();
    const pending = pendingOf(execute("EVAL", "while true do end", "0"));
    expect(other("FUNCTION", "KILL")).toEqual(r.err(ERR.BUSY_EVAL));
    expect(other("FUNCTION", "STATS")).toEqual(r.err(ERR.BUSY_EVAL));
    expect(other("SCRIPT", "KILL")).toEqual(r.ok);
    const reply = await pending;
    expect(reply.kind === "error" && reply.message).toMatch(
      /^ERR Script killed by user with SCRIPT KILL\.\.\. script: [0-9a-f]{40}, on @user_script:1\.$/,
    );
    expect(run("PING")).toEqual(r.simple("PONG"));
  });

  test("pcall cannot keep a killed script alive", async ({ expect }) => {
    const { execute, other } = busyEngine();
    const pending = pendingOf(
      execute("EVAL", "while true do pcall(function() while true do end end) end", "0"),
    );
    expect(other("SCRIPT", "KILL")).toEqual(r.ok);
    const reply = await pending;
    expect(reply.kind === "error" && reply.message).toMatch(/^ERR Script killed by user/);
  });

  test("once it has written it is UNKILLABLE, and its writes stay", async ({ expect }) => {
    const { execute, other } = busyEngine();
    const pending = pendingOf(execute("EVAL", `redis.call('SET', 'w', '1') ${BOUNDED_LOOP}`, "0"));
    expect(other("SCRIPT", "KILL")).toEqual(r.err(ERR.UNKILLABLE));
    expect(await pending).toEqual(r.int(3_000_000));
    expect(other("GET", "w")).toEqual(r.bulk("1"));
  });

  test("a function answers to FUNCTION KILL and shows in FUNCTION STATS", async ({ expect }) => {
    const { execute, other, run } = busyEngine();
    run(
      "FUNCTION",
      "LOAD",
      "#!lua name=lib\nredis.register_function('spin', function() while true do end end)",
    );
    const pending = pendingOf(execute("FCALL", "spin", "0"));
    expect(other("PING")).toEqual(r.err(ERR.BUSY_FUNCTION));
    expect(other("SCRIPT", "KILL")).toEqual(r.err(ERR.BUSY_FUNCTION));
    const stats = other("FUNCTION", "STATS");
    expect(stats.kind === "array" && stats.items[1]).toMatchObject(
      r.arr(
        r.bulk("name"),
        r.bulk("spin"),
        r.bulk("command"),
        r.arr(r.bulk("FCALL"), r.bulk("spin"), r.bulk("0")),
        r.bulk("duration_ms"),
        expect.objectContaining({ kind: "integer" }),
      ),
    );
    expect(other("FUNCTION", "KILL")).toEqual(r.ok);
    const reply = await pending;
    expect(reply).toEqual(
      r.err("ERR Script killed by user with SCRIPT KILL... script: spin, on @user_function:2."),
    );
  });

  test("blocked clients woken by its writes are served once it ends", async ({ expect }) => {
    const { engine, execute } = busyEngine();
    const waiter = engine.createSession({ address: "127.0.0.1:3" });
    const blocked = engine.execute(["BLPOP", "q", "0"], waiter);
    if (blocked.kind !== "blocked") {
      throw new Error("BLPOP did not block");
    }
    const served = engine.waitFor(blocked, ["BLPOP", "q", "0"], waiter);
    const pending = pendingOf(
      execute("EVAL", `redis.call('RPUSH', 'q', 'x') ${BOUNDED_LOOP}`, "0"),
    );
    expect(waiter.isBlocked).toBe(true);
    await pending;
    expect(await served).toEqual(r.arr(r.bulk("q"), r.bulk("x")));
  });

  test("closing the engine stops it, even after it wrote", async ({ expect }) => {
    const { engine, execute } = busyEngine();
    const pending = pendingOf(
      execute("EVAL", "redis.call('SET', 'w', '1') while true do end", "0"),
    );
    engine.close();
    const reply = await pending;
    expect(reply.kind === "error" && reply.message).toMatch(/^ERR Script killed by user/);
  });

  test("in MULTI, a command refused BUSY makes EXEC answer EXECABORT", async ({ expect }) => {
    const { engine, execute } = busyEngine();
    const session = engine.createSession({ address: "127.0.0.1:4" });
    const queue = new TransactionQueue({ host: engine, session });
    expect(queue.handle(["MULTI"])).toEqual(r.ok);
    const pending = pendingOf(execute("EVAL", BOUNDED_LOOP, "0"));
    expect(queue.handle(["SET", "k", "v"])).toEqual(r.err(ERR.BUSY_EVAL));
    expect(queue.handle(["EXEC"])).toEqual(r.err(ERR.BUSY_EVAL));
    await pending;
    expect(queue.handle(["EXEC"])).toEqual(r.err(ERR.EXECABORT));
    expect(engine.execute(["EXISTS", "k"], session)).toEqual(r.int(0));
  });
});

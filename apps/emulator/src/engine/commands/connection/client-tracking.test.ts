import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

/** An engine with a tracking client (RESP3 unless told) and a writer, and what each was pushed. */
function trackingEngine(options: { protocol?: 2 | 3 } = {}) {
  const test = createTestEngine();
  const { engine } = test;
  const pushed: Reply[] = [];
  const client = engine.createSession({ address: "127.0.0.1:1", push: (m) => pushed.push(m) });
  client.protocol = options.protocol ?? 3;
  const writer = engine.createSession({ address: "127.0.0.1:2" });
  return {
    ...test,
    client,
    pushed,
    /** Runs a command as the connection does: CLIENT CACHING then holds for one command. */
    as: (session: typeof client, ...argv: string[]) => {
      const result = engine.execute(argv, session);
      engine.commandEnded(session, argv[0]?.toUpperCase());
      return result;
    },
    write: (...argv: string[]) => engine.execute(argv, writer),
  };
}

/** Invalidation messages leave in a microtask, after the reply of the command that caused them. */
const delivered = (): Promise<void> => Promise.resolve();
const invalidate = (keys: Reply): Reply => r.arr(r.bulk("invalidate"), keys);

describe("CLIENT TRACKING", () => {
  test("refuses what Redis 7.0 refuses, with its texts and in its order", ({ expect }) => {
    const { run } = createTestEngine();
    expect.soft(run("CLIENT", "TRACKING", "foo")).toEqual(r.err(ERR.SYNTAX));
    expect.soft(run("CLIENT", "TRACKING", "ON", "REDIRECT")).toEqual(r.err(ERR.SYNTAX));
    expect.soft(run("CLIENT", "TRACKING", "ON", "FOO")).toEqual(r.err(ERR.SYNTAX));
    expect.soft(run("CLIENT", "TRACKING", "ON", "REDIRECT", "abc")).toEqual(r.err(ERR.NOT_INTEGER));
    expect
      .soft(run("CLIENT", "TRACKING", "ON", "REDIRECT", "999"))
      .toEqual(r.err(ERR.TRACKING_NO_REDIRECT_TARGET));
    expect
      .soft(run("CLIENT", "TRACKING", "ON", "REDIRECT", "1", "REDIRECT", "1"))
      .toEqual(r.err(ERR.TRACKING_ONE_REDIRECT));
    expect
      .soft(run("CLIENT", "TRACKING", "ON", "PREFIX", "a"))
      .toEqual(r.err(ERR.TRACKING_PREFIX_WITHOUT_BCAST));
    expect
      .soft(run("CLIENT", "TRACKING", "ON", "BCAST", "PREFIX", "a", "PREFIX", "ab"))
      .toEqual(r.err(ERR.TRACKING_PREFIX_OVERLAPS_GIVEN("a", "ab")));
    expect
      .soft(run("CLIENT", "TRACKING", "ON", "BCAST", "OPTIN"))
      .toEqual(r.err(ERR.TRACKING_OPT_WITH_BCAST));
    expect
      .soft(run("CLIENT", "TRACKING", "ON", "OPTIN", "OPTOUT"))
      .toEqual(r.err(ERR.TRACKING_OPTIN_AND_OPTOUT));
    expect.soft(run("CLIENT", "TRACKING", "ON", "OPTIN")).toEqual(r.ok);
    expect.soft(run("CLIENT", "TRACKING", "ON", "OPTOUT")).toEqual(r.err(ERR.TRACKING_OPT_SWITCH));
    expect.soft(run("CLIENT", "TRACKING", "ON", "BCAST")).toEqual(r.err(ERR.TRACKING_BCAST_SWITCH));
    expect.soft(run("CLIENT", "TRACKING", "OFF")).toEqual(r.ok);
    expect.soft(run("CLIENT", "TRACKING", "ON", "BCAST", "PREFIX", "user:")).toEqual(r.ok);
    expect
      .soft(run("CLIENT", "TRACKING", "ON", "BCAST", "PREFIX", "user"))
      .toEqual(r.err(ERR.TRACKING_PREFIX_OVERLAPS_EXISTING("user", "user:")));
  });

  test("GETREDIR and TRACKINGINFO describe the mode", ({ expect }) => {
    const { run, session } = createTestEngine();
    const info = (flags: string[], redirect: number, prefixes: string[] = []) =>
      r.arr(
        r.bulk("flags"),
        r.bulks(...flags),
        r.bulk("redirect"),
        r.int(redirect),
        r.bulk("prefixes"),
        r.bulks(...prefixes),
      );
    expect(run("CLIENT", "GETREDIR")).toEqual(r.int(-1));
    expect(run("CLIENT", "TRACKINGINFO")).toEqual(info(["off"], -1));
    run("CLIENT", "TRACKING", "ON", "OPTIN", "NOLOOP");
    run("CLIENT", "CACHING", "yes");
    expect(run("CLIENT", "GETREDIR")).toEqual(r.int(0));
    expect(run("CLIENT", "TRACKINGINFO")).toEqual(
      info(["on", "optin", "caching-yes", "noloop"], 0),
    );
    run("CLIENT", "TRACKING", "OFF");
    run(
      "CLIENT",
      "TRACKING",
      "ON",
      "BCAST",
      "PREFIX",
      "a",
      "PREFIX",
      "b",
      "REDIRECT",
      `${session.id}`,
    );
    expect(run("CLIENT", "TRACKINGINFO")).toEqual(info(["on", "bcast"], session.id, ["a", "b"]));
  });

  test("a key the client read is invalidated once, by a write from any client", async ({
    expect,
  }) => {
    const { as, client, write, pushed } = trackingEngine();
    as(client, "CLIENT", "TRACKING", "ON");
    write("SET", "k", "1");
    as(client, "MGET", "k", "other");
    write("SET", "k", "2");
    write("SET", "k", "3");
    await delivered();
    expect(pushed).toEqual([invalidate(r.bulks("k"))]);
  });

  test("writes inside a script, MULTI and expiry invalidate; FLUSHALL sends null", async ({
    expect,
  }) => {
    const { as, client, write, pushed, clock } = trackingEngine();
    as(client, "CLIENT", "TRACKING", "ON");
    as(client, "GET", "a");
    as(client, "GET", "b");
    as(client, "GET", "c");
    write("EVAL", "redis.call('SET', KEYS[1], 'x')", "1", "a");
    write("SET", "b", "1");
    write("SET", "c", "1", "PX", "10");
    as(client, "GET", "c");
    clock.advance(20);
    write("GET", "c");
    write("FLUSHALL");
    await delivered();
    expect(pushed).toEqual([
      invalidate(r.bulks("a")),
      invalidate(r.bulks("b")),
      invalidate(r.bulks("c")),
      invalidate(r.bulks("c")),
      invalidate(r.nil),
    ]);
  });

  test("NOLOOP skips the client's own writes; OPTIN tracks only after CACHING yes", async ({
    expect,
  }) => {
    const { as, client, write, pushed } = trackingEngine();
    as(client, "CLIENT", "TRACKING", "ON", "OPTIN", "NOLOOP");
    as(client, "GET", "untracked");
    as(client, "CLIENT", "CACHING", "yes");
    as(client, "GET", "tracked");
    as(client, "GET", "untracked-too");
    as(client, "GET", "mine");
    write("MSET", "untracked", "1", "tracked", "1", "untracked-too", "1");
    as(client, "CLIENT", "CACHING", "yes");
    as(client, "GET", "mine");
    as(client, "SET", "mine", "1");
    await delivered();
    expect(pushed).toEqual([invalidate(r.bulks("tracked"))]);
  });

  test("BCAST sends the changed keys under each prefix, in byte order, once per batch", async ({
    expect,
  }) => {
    const { as, client, write, pushed } = trackingEngine();
    as(client, "CLIENT", "TRACKING", "ON", "BCAST", "PREFIX", "user:", "NOLOOP");
    write("MSET", "user:2", "x", "user:1", "y", "other", "z");
    as(client, "SET", "user:3", "mine");
    await delivered();
    expect(pushed).toEqual([invalidate(r.bulks("user:1", "user:2"))]);
  });

  test("RESP2 redirect: a message on __redis__:invalidate to a subscribed client", async ({
    expect,
  }) => {
    const { as, client, write, engine } = trackingEngine({ protocol: 2 });
    const received: Reply[] = [];
    const target = engine.createSession({ address: "127.0.0.1:3", push: (m) => received.push(m) });
    as(target, "SUBSCRIBE", "__redis__:invalidate");
    as(client, "CLIENT", "TRACKING", "ON", "REDIRECT", String(target.id));
    as(client, "GET", "k");
    write("SET", "k", "1");
    write("FLUSHDB");
    await delivered();
    const message = (keys: Reply) => r.arr(r.bulk("message"), r.bulk("__redis__:invalidate"), keys);
    expect(received).toEqual([message(r.bulks("k")), message(r.nil)]);
  });

  test("a redirect target that closed: the R flag and tracking-redir-broken", async ({
    expect,
  }) => {
    const { as, client, write, engine, pushed } = trackingEngine();
    const target = engine.createSession({ address: "127.0.0.1:3" });
    as(client, "CLIENT", "TRACKING", "ON", "REDIRECT", String(target.id));
    as(client, "GET", "k");
    engine.closeSession(target);
    write("SET", "k", "1");
    await delivered();
    expect(pushed).toEqual([r.arr(r.bulk("tracking-redir-broken"), r.int(target.id))]);
    expect(String((as(client, "CLIENT", "INFO") as { value: string }).value)).toMatch(/flags=tR /);
  });

  test("a closing client leaves nothing in the tracking table", ({ expect }) => {
    const { as, client, engine } = trackingEngine();
    as(client, "CLIENT", "TRACKING", "ON");
    as(client, "MGET", "a", "b");
    expect([engine.tracking.clientCount, engine.tracking.keyCount]).toEqual([1, 2]);
    engine.closeSession(client);
    expect([engine.tracking.clientCount, engine.tracking.keyCount]).toEqual([0, 0]);
  });
});

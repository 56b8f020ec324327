import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

/** An engine whose test session records what is pushed to it. */
function subscriber(): ReturnType<typeof createTestEngine> & { pushed: Reply[] } {
  const pushed: Reply[] = [];
  const test = createTestEngine();
  const session = test.engine.createSession({
    address: "127.0.0.1:1",
    push: (m) => pushed.push(m),
  });
  const run = (...argv: string[]): Reply => {
    const result = test.engine.execute(argv, session);
    if (result.kind === "blocked") {
      throw new Error("blocked");
    }
    return result;
  };
  return { ...test, session, run, pushed };
}

const confirm = (kind: string, channel: string | undefined, count: number): Reply =>
  r.arr(r.bulk(kind), channel === undefined ? r.nil : r.bulk(channel), r.int(count));

describe("SSUBSCRIBE", () => {
  test("shard channels are counted apart and receive only SPUBLISH", ({ expect }) => {
    const { run, pushed, engine } = subscriber();
    run("SUBSCRIBE", "plain");
    expect(run("SSUBSCRIBE", "s1", "s2")).toEqual(confirm("ssubscribe", "s2", 2));
    const publisher = engine.createSession({ address: "x" });
    pushed.length = 0;
    expect(engine.execute(["PUBLISH", "s1", "m"], publisher)).toEqual(r.int(0));
    expect(engine.execute(["SPUBLISH", "s1", "m"], publisher)).toEqual(r.int(1));
    expect(pushed).toEqual([r.arr(r.bulk("smessage"), r.bulk("s1"), r.bulk("m"))]);
  });

  test("the channels are not keys for COMMAND GETKEYS: their key spec is NOT_KEY", ({ expect }) => {
    const { run } = createTestEngine();
    // redis-server 7.0 answers the same; COMMAND INFO still shows the 1 -1 1 range.
    expect(run("COMMAND", "GETKEYS", "SSUBSCRIBE", "a", "b")).toEqual(r.err(ERR.NO_KEY_ARGUMENTS));
  });
});

import { describe, test } from "vitest";
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

describe("PUBSUB SHARDNUMSUB", () => {
  test("subscriber counts per shard channel", ({ expect }) => {
    const { run } = subscriber();
    run("SUBSCRIBE", "a");
    run("SSUBSCRIBE", "b");
    expect(run("PUBSUB", "SHARDNUMSUB", "a", "b")).toEqual(
      r.arr(r.bulk("a"), r.int(0), r.bulk("b"), r.int(1)),
    );
  });
});

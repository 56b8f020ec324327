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

describe("PUBSUB SHARDCHANNELS", () => {
  test("active shard channels only", ({ expect }) => {
    const { run } = subscriber();
    run("SUBSCRIBE", "plain");
    run("SSUBSCRIBE", "s.1", "t");
    expect(run("PUBSUB", "SHARDCHANNELS", "s.*")).toEqual(r.bulks("s.1"));
  });

  test("more than one pattern is a subcommand syntax error", ({ expect }) => {
    const { run } = subscriber();
    expect(run("PUBSUB", "SHARDCHANNELS", "a", "b")).toEqual(
      r.err(ERR.SUBCOMMAND_SYNTAX("SHARDCHANNELS", "PUBSUB")),
    );
  });
});

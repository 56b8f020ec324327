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

describe("PUBSUB CHANNELS", () => {
  test("active channels, optionally matching a pattern", ({ expect }) => {
    const { run } = subscriber();
    expect(run("PUBSUB", "CHANNELS")).toEqual(r.arr());
    run("SUBSCRIBE", "news.a", "news.b", "other");
    run("PSUBSCRIBE", "x*");
    run("SSUBSCRIBE", "shard");
    const names = (reply: Reply): string[] =>
      reply.kind === "array"
        ? reply.items.map((i) => (i.kind === "bulk" ? i.value : "")).sort()
        : [];
    expect(names(run("PUBSUB", "CHANNELS"))).toEqual(["news.a", "news.b", "other"]);
    expect(names(run("PUBSUB", "CHANNELS", "news.*"))).toEqual(["news.a", "news.b"]);
  });

  test("more than one pattern is a subcommand syntax error", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("PUBSUB", "channels", "a", "b")).toEqual(
      r.err(ERR.SUBCOMMAND_SYNTAX("channels", "PUBSUB")),
    );
  });
});

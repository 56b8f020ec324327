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

describe("PUBSUB NUMSUB", () => {
  test("subscriber counts per channel, patterns aside", ({ expect }) => {
    const { run, engine } = subscriber();
    const other = engine.createSession({ address: "y", push: () => undefined });
    run("SUBSCRIBE", "a");
    engine.execute(["SUBSCRIBE", "a"], other);
    engine.execute(["PSUBSCRIBE", "*"], other);
    expect(run("PUBSUB", "NUMSUB", "a", "b")).toEqual(
      r.arr(r.bulk("a"), r.int(2), r.bulk("b"), r.int(0)),
    );
    expect(run("PUBSUB", "NUMSUB")).toEqual(r.arr());
  });
});

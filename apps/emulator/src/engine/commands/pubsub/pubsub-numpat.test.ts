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

describe("PUBSUB NUMPAT", () => {
  test("distinct patterns with subscribers", ({ expect }) => {
    const { run, engine } = subscriber();
    const other = engine.createSession({ address: "y", push: () => undefined });
    expect(run("PUBSUB", "NUMPAT")).toEqual(r.int(0));
    run("PSUBSCRIBE", "a*", "b*");
    engine.execute(["PSUBSCRIBE", "a*"], other);
    expect(run("PUBSUB", "NUMPAT")).toEqual(r.int(2));
  });
});

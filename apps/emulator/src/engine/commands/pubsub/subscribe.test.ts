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

const confirm = (kind: string, channel: string | undefined, count: number): Reply =>
  r.arr(r.bulk(kind), channel === undefined ? r.nil : r.bulk(channel), r.int(count));

describe("SUBSCRIBE", () => {
  test("one confirmation per channel: all but the last pushed, the last returned", ({ expect }) => {
    const { run, pushed, session } = subscriber();
    expect(run("SUBSCRIBE", "a", "b", "a")).toEqual(confirm("subscribe", "a", 2));
    expect(pushed).toEqual([confirm("subscribe", "a", 1), confirm("subscribe", "b", 2)]);
    expect([...session.channels]).toEqual(["a", "b"]);
  });

  test("counts channels and patterns together", ({ expect }) => {
    const { run } = subscriber();
    run("PSUBSCRIBE", "p*");
    expect(run("SUBSCRIBE", "a")).toEqual(confirm("subscribe", "a", 2));
  });

  test("receives PUBLISHed messages", ({ expect }) => {
    const { run, pushed, engine } = subscriber();
    run("SUBSCRIBE", "news");
    const publisher = engine.createSession({ address: "x" });
    expect(engine.execute(["PUBLISH", "news", "hi"], publisher)).toEqual(r.int(1));
    expect(pushed.at(-1)).toEqual(r.arr(r.bulk("message"), r.bulk("news"), r.bulk("hi")));
  });
});

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

describe("PSUBSCRIBE", () => {
  test("subscribes to patterns and receives pmessage", ({ expect }) => {
    const { run, pushed, engine } = subscriber();
    expect(run("PSUBSCRIBE", "news.*", "x")).toEqual(confirm("psubscribe", "x", 2));
    const publisher = engine.createSession({ address: "x" });
    expect(engine.execute(["PUBLISH", "news.tech", "m"], publisher)).toEqual(r.int(1));
    expect(pushed.at(-1)).toEqual(
      r.arr(r.bulk("pmessage"), r.bulk("news.*"), r.bulk("news.tech"), r.bulk("m")),
    );
  });
});

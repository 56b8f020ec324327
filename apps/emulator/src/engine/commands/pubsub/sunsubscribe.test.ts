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

describe("SUNSUBSCRIBE", () => {
  test("named, all, or nil when none", ({ expect }) => {
    const { run, pushed } = subscriber();
    expect(run("SUNSUBSCRIBE")).toEqual(confirm("sunsubscribe", undefined, 0));
    run("SSUBSCRIBE", "a", "b", "c");
    expect(run("SUNSUBSCRIBE", "a")).toEqual(confirm("sunsubscribe", "a", 2));
    pushed.length = 0;
    expect(run("SUNSUBSCRIBE")).toEqual(confirm("sunsubscribe", "c", 0));
    expect(pushed).toEqual([confirm("sunsubscribe", "b", 1)]);
  });
});

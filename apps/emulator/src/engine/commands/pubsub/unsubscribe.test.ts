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

describe("UNSUBSCRIBE", () => {
  test("named channels, subscribed or not", ({ expect }) => {
    const { run, pushed } = subscriber();
    run("SUBSCRIBE", "a", "b");
    pushed.length = 0;
    expect(run("UNSUBSCRIBE", "a", "zzz")).toEqual(confirm("unsubscribe", "zzz", 1));
    expect(pushed).toEqual([confirm("unsubscribe", "a", 1)]);
  });

  test("without arguments every channel, then nil when none is left", ({ expect }) => {
    const { run, pushed } = subscriber();
    run("SUBSCRIBE", "a", "b");
    run("PSUBSCRIBE", "p*");
    pushed.length = 0;
    expect(run("UNSUBSCRIBE")).toEqual(confirm("unsubscribe", "b", 1));
    expect(pushed).toEqual([confirm("unsubscribe", "a", 2)]);
    expect(run("UNSUBSCRIBE")).toEqual(confirm("unsubscribe", undefined, 1));
  });
});

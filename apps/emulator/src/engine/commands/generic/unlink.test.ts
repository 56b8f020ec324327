import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("UNLINK", () => {
  test("removes keys like DEL and publishes del", ({ expect }) => {
    const messages: unknown[] = [];
    const { run, engine } = createTestEngine({ config: { "notify-keyspace-events": "Eg" } });
    const listener = engine.createSession({ address: "x", push: (m) => messages.push(m) });
    engine.execute(["SUBSCRIBE", "__keyevent@0__:del"], listener);
    run("SET", "a", "1");
    run("SET", "b", "2");
    expect(run("UNLINK", "a", "b", "c")).toEqual(r.int(2));
    expect(run("EXISTS", "a", "b")).toEqual(r.int(0));
    expect(messages).toHaveLength(2);
  });
});

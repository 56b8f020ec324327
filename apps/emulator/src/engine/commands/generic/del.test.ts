import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("DEL", () => {
  test("removes the keys that exist; the number removed", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "a", "1");
    run("SET", "b", "2");
    expect(run("DEL", "a", "b", "c", "a")).toEqual(r.int(2));
    expect(run("EXISTS", "a", "b")).toEqual(r.int(0));
    expect(run("DEL", "a")).toEqual(r.int(0));
  });

  test("expired keys count as missing", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "a", "1", "PX", "1");
    clock.set(clock.now() + 1);
    expect(run("DEL", "a")).toEqual(r.int(0));
  });

  test("publishes del on both notification channels", ({ expect }) => {
    const messages: unknown[] = [];
    const { run, engine } = createTestEngine();
    run("CONFIG", "SET", "notify-keyspace-events", "KEg");
    const listener = engine.createSession({ address: "x", push: (m) => messages.push(m) });
    engine.execute(["PSUBSCRIBE", "__key*__:*"], listener);
    run("SET", "a", "1");
    run("DEL", "a");
    expect(messages).toEqual([
      r.arr(r.bulk("pmessage"), r.bulk("__key*__:*"), r.bulk("__keyspace@0__:a"), r.bulk("del")),
      r.arr(r.bulk("pmessage"), r.bulk("__key*__:*"), r.bulk("__keyevent@0__:del"), r.bulk("a")),
    ]);
  });
});

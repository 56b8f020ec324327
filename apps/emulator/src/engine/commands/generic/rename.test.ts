import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("RENAME", () => {
  test("renames, keeping the TTL and replacing the destination", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "a", "1", "PX", "100");
    run("SET", "b", "2", "EX", "1000");
    expect(run("RENAME", "a", "b")).toEqual(r.ok);
    expect(run("GET", "a")).toEqual(r.nil);
    expect(run("GET", "b")).toEqual(r.bulk("1"));
    expect(run("PTTL", "b")).toEqual(r.int(100));
    clock.advance(100);
    expect(run("GET", "b")).toEqual(r.nil);
  });

  test("a key without TTL clears the destination's TTL", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "a", "1");
    run("SET", "b", "2", "EX", "100");
    run("RENAME", "a", "b");
    expect(run("TTL", "b")).toEqual(r.int(-1));
  });

  test("renaming to itself is OK when the key exists", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "a", "1");
    expect(run("RENAME", "a", "a")).toEqual(r.ok);
    expect(run("GET", "a")).toEqual(r.bulk("1"));
    expect(run("RENAME", "nope", "nope")).toEqual(r.err(ERR.NO_SUCH_KEY));
  });

  test("publishes rename_from and rename_to", ({ expect }) => {
    const messages: unknown[] = [];
    const { run, engine } = createTestEngine({ config: { "notify-keyspace-events": "KEg" } });
    const listener = engine.createSession({ address: "x", push: (m) => messages.push(m) });
    engine.execute(["PSUBSCRIBE", "*"], listener);
    run("SET", "a", "1");
    run("RENAME", "a", "b");
    const event = (channel: string, message: string): unknown =>
      r.arr(r.bulk("pmessage"), r.bulk("*"), r.bulk(channel), r.bulk(message));
    expect(messages).toEqual([
      event("__keyspace@0__:a", "rename_from"),
      event("__keyevent@0__:rename_from", "a"),
      event("__keyspace@0__:b", "rename_to"),
      event("__keyevent@0__:rename_to", "b"),
    ]);
  });

  test("a missing key is an error", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("RENAME", "nope", "x")).toEqual(r.err(ERR.NO_SUCH_KEY));
  });
});

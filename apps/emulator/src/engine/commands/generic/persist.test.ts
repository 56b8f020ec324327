import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("PERSIST", () => {
  test("removes the TTL; 0 without one or without the key", ({ expect }) => {
    const { run, clock } = createTestEngine();
    expect(run("PERSIST", "nope")).toEqual(r.int(0));
    run("SET", "k", "v");
    expect(run("PERSIST", "k")).toEqual(r.int(0));
    run("EXPIRE", "k", "1");
    expect(run("PERSIST", "k")).toEqual(r.int(1));
    clock.advance(2000);
    expect(run("GET", "k")).toEqual(r.bulk("v"));
    expect(run("TTL", "k")).toEqual(r.int(-1));
  });

  test("publishes persist", ({ expect }) => {
    const messages: unknown[] = [];
    const { run, engine } = createTestEngine({ config: { "notify-keyspace-events": "Kg" } });
    const listener = engine.createSession({ address: "x", push: (m) => messages.push(m) });
    engine.execute(["SUBSCRIBE", "__keyspace@0__:k"], listener);
    run("SET", "k", "v", "EX", "10");
    run("PERSIST", "k");
    expect(messages).toContainEqual(
      r.arr(r.bulk("message"), r.bulk("__keyspace@0__:k"), r.bulk("persist")),
    );
  });
});

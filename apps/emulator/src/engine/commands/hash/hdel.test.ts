import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

/** Records `event key` for every keyevent notification. */
function listen(engine: Engine): string[] {
  const events: string[] = [];
  const session = engine.createSession({
    address: "test",
    push: (message: Reply) => {
      if (message.kind === "array") {
        const [, , channel, key] = message.items;
        if (channel?.kind === "bulk" && key?.kind === "bulk") {
          events.push(`${channel.value.replace(/^__keyevent@0__:/, "")} ${key.value}`);
        }
      }
    },
  });
  engine.pubsub.psubscribe(session, "__keyevent@0__:*");
  return events;
}

describe("HDEL", () => {
  test("removes the fields and counts them", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2", "c", "3");
    expect(run("HDEL", "h", "a", "zz", "a", "b")).toEqual(r.int(2));
    expect(run("HGETALL", "h")).toEqual(r.bulks("c", "3"));
  });

  test("0 for a missing key", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("HDEL", "nokey", "a")).toEqual(r.int(0));
  });

  test("the key goes with its last field (hdel, then del)", ({ expect }) => {
    const { run, engine } = createTestEngine({ config: { "notify-keyspace-events": "KEA" } });
    const events = listen(engine);
    run("HSET", "h", "a", "1");
    expect(run("HDEL", "h", "a", "b")).toEqual(r.int(1));
    expect(engine.databases[0]?.has("h")).toBe(false);
    expect(events).toEqual(["hset h", "hdel h", "del h"]);
  });

  test("a field that already expired is not counted", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "5", "FIELDS", "1", "a");
    clock.advance(5);
    expect(run("HDEL", "h", "a", "b")).toEqual(r.int(1));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HDEL", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("logs nothing when nothing was removed", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("HDEL", "h", "a");
    run("HSET", "h", "a", "1");
    run("HDEL", "h", "zz");
    run("HDEL", "h", "a");
    expect(effects).toEqual([
      { db: 0, argv: ["HSET", "h", "a", "1"] },
      { db: 0, argv: ["HDEL", "h", "a"] },
    ]);
  });
});

import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

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

describe("SREM", () => {
  test("removes members and counts them", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "a", "b", "c", "1");
    expect(run("SREM", "s", "a", "zz", "a", "1")).toEqual(r.int(2));
    expect(run("SMEMBERS", "s")).toEqual(r.bulks("b", "c"));
  });

  test("0 for a missing key", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SREM", "nokey", "a")).toEqual(r.int(0));
  });

  test("the key goes with its last member (srem, del)", ({ expect }) => {
    const { run, engine } = createTestEngine({ config: { "notify-keyspace-events": "KEA" } });
    run("SADD", "s", "a");
    const events = listen(engine);
    expect(run("SREM", "s", "a", "b")).toEqual(r.int(1));
    expect(engine.databases[0]?.has("s")).toBe(false);
    expect(events).toEqual(["srem s", "del s"]);
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SREM", "str", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });
});

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

describe("SMOVE", () => {
  test("moves a member, creating the destination", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "src", "a", "b");
    expect(run("SMOVE", "src", "dst", "a")).toEqual(r.int(1));
    expect(run("SMEMBERS", "src")).toEqual(r.bulks("b"));
    expect(run("SMEMBERS", "dst")).toEqual(r.bulks("a"));
  });

  test("0 when the member or the source is missing", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "src", "a");
    expect(run("SMOVE", "src", "dst", "zz")).toEqual(r.int(0));
    expect(run("SMOVE", "nokey", "dst", "a")).toEqual(r.int(0));
  });

  test("same source and destination: 1 if a member, nothing changes", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "a");
    expect(run("SMOVE", "s", "s", "a")).toEqual(r.int(1));
    expect(run("SMOVE", "s", "s", "zz")).toEqual(r.int(0));
    expect(run("SMEMBERS", "s")).toEqual(r.bulks("a"));
  });

  test("emptying the source deletes it; an existing member is not added twice", ({ expect }) => {
    const { run, engine } = createTestEngine({ config: { "notify-keyspace-events": "KEA" } });
    run("SADD", "src", "a");
    run("SADD", "dst", "a");
    const events = listen(engine);
    expect(run("SMOVE", "src", "dst", "a")).toEqual(r.int(1));
    expect(engine.databases[0]?.has("src")).toBe(false);
    expect(events).toEqual(["srem src", "del src"]);
  });

  test("a missing source answers 0 even when the destination has the wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SMOVE", "nokey", "str", "a")).toEqual(r.int(0));
    run("SADD", "s", "a");
    expect(run("SMOVE", "s", "str", "a")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("SMOVE", "str", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("SMEMBERS", "s")).toEqual(r.bulks("a"));
  });
});

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

describe("HGETDEL", () => {
  test("returns the values and removes the fields", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2", "c", "3");
    expect(run("HGETDEL", "h", "FIELDS", "3", "a", "zz", "a")).toEqual(
      r.arr(r.bulk("1"), r.nil, r.nil),
    );
    expect(run("HGETALL", "h")).toEqual(r.bulks("b", "2", "c", "3"));
  });

  test("a missing key answers nil per field", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("HGETDEL", "nokey", "FIELDS", "2", "a", "b")).toEqual(r.arr(r.nil, r.nil));
  });

  test("the key goes with its last field (hdel, del)", ({ expect }) => {
    const { run, engine } = createTestEngine({ config: { "notify-keyspace-events": "KEA" } });
    run("HSET", "h", "a", "1");
    const events = listen(engine);
    expect(run("HGETDEL", "h", "FIELDS", "1", "a")).toEqual(r.arr(r.bulk("1")));
    expect(engine.databases[0]?.has("h")).toBe(false);
    expect(events).toEqual(["hdel h", "del h"]);
  });

  test("an expired field is nil", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "5", "FIELDS", "1", "a");
    clock.advance(5);
    expect(run("HGETDEL", "h", "FIELDS", "2", "a", "b")).toEqual(r.arr(r.nil, r.bulk("2")));
  });

  test("logs HDEL of the requested fields", ({ expect }) => {
    const effects: { argv: readonly string[] }[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("HSET", "h", "a", "1", "b", "2");
    run("HGETDEL", "h", "FIELDS", "2", "a", "zz");
    run("HGETDEL", "h", "FIELDS", "1", "zz");
    expect(effects.map((effect) => effect.argv)).toEqual([
      ["HSET", "h", "a", "1", "b", "2"],
      ["HDEL", "h", "a", "zz"],
    ]);
  });

  test("WRONGTYPE before argument errors", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HGETDEL", "s", "NOPE", "1", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["HGETDEL", "h", "NOPE", "1", "a"], ERR.FIELDS_MISSING],
    [["HGETDEL", "h", "FIELDS", "0", "a"], ERR.NUMFIELDS_NOT_POSITIVE],
    [["HGETDEL", "h", "FIELDS", "2", "a"], ERR.NUMFIELDS_MISMATCH],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("HGET", "h", "a")).toEqual(r.bulk("1"));
  });
});

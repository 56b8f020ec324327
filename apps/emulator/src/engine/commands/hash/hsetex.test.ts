import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ints = (...values: number[]): Reply => r.arr(...values.map((value) => r.int(value)));

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

describe("HSETEX", () => {
  test("sets the fields and answers 1", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("HSETEX", "h", "FIELDS", "2", "a", "1", "b", "2")).toEqual(r.int(1));
    expect(run("HGETALL", "h")).toEqual(r.bulks("a", "1", "b", "2"));
  });

  test("EX, PX, EXAT and PXAT give the fields an expiry", ({ expect }) => {
    const { run, clock } = createTestEngine();
    const now = clock.now();
    run("HSETEX", "h", "EX", "10", "FIELDS", "1", "a", "1");
    run("HSETEX", "h", "PX", "1500", "FIELDS", "1", "b", "2");
    run("HSETEX", "h", "EXAT", String(Math.floor(now / 1000) + 20), "FIELDS", "1", "c", "3");
    run("HSETEX", "h", "pxat", String(now + 2500), "FIELDS", "1", "d", "4");
    expect(run("HPEXPIRETIME", "h", "FIELDS", "4", "a", "b", "c", "d")).toEqual(
      ints(now + 10_000, now + 1500, (Math.floor(now / 1000) + 20) * 1000, now + 2500),
    );
    clock.advance(1500);
    expect(run("HEXISTS", "h", "b")).toEqual(r.int(0));
  });

  test("without KEEPTTL a set drops the TTL; with it the TTL stays", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSETEX", "h", "PX", "1000", "FIELDS", "2", "a", "1", "b", "2");
    run("HSETEX", "h", "FIELDS", "1", "a", "10");
    run("HSETEX", "h", "KEEPTTL", "FIELDS", "1", "b", "20");
    expect(run("HPTTL", "h", "FIELDS", "2", "a", "b")).toEqual(ints(-1, 1000));
  });

  test("FNX sets only when no field exists; FXX only when all do", ({ expect }) => {
    const { run, engine } = createTestEngine();
    expect(run("HSETEX", "h", "FXX", "FIELDS", "1", "a", "1")).toEqual(r.int(0));
    expect(engine.databases[0]?.has("h")).toBe(false);
    expect(run("HSETEX", "h", "FNX", "FIELDS", "1", "a", "1")).toEqual(r.int(1));
    expect(run("HSETEX", "h", "FNX", "FIELDS", "2", "a", "2", "b", "2")).toEqual(r.int(0));
    expect(run("HSETEX", "h", "FXX", "FIELDS", "2", "a", "3", "b", "3")).toEqual(r.int(0));
    expect(run("HSETEX", "h", "FXX", "EX", "5", "FIELDS", "1", "a", "4")).toEqual(r.int(1));
    expect(run("HGETALL", "h")).toEqual(r.bulks("a", "4"));
  });

  test("an expiry not in the future deletes the fields right away", ({ expect }) => {
    const effects: { argv: readonly string[] }[] = [];
    const { run, engine, clock } = createTestEngine({
      config: { "notify-keyspace-events": "KEA" },
      onEffects: (batch) => effects.push(...batch),
    });
    const events = listen(engine);
    expect(run("HSETEX", "h", "PXAT", String(clock.now()), "FIELDS", "1", "a", "1")).toEqual(
      r.int(1),
    );
    expect(engine.databases[0]?.has("h")).toBe(false);
    expect(events).toEqual(["hset h", "hdel h", "del h"]);
    expect(effects.map((effect) => effect.argv)).toEqual([["HDEL", "h", "a"]]);
  });

  test("logs relative and second-based expiries as PXAT", ({ expect }) => {
    const effects: { argv: readonly string[] }[] = [];
    const { run, clock } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("HSETEX", "h", "FNX", "EX", "5", "FIELDS", "1", "a", "1");
    run("HSETEX", "h", "KEEPTTL", "FIELDS", "1", "a", "2");
    expect(effects.map((effect) => effect.argv)).toEqual([
      ["HSETEX", "h", "FNX", "PXAT", String(clock.now() + 5000), "FIELDS", "1", "a", "1"],
      ["HSETEX", "h", "KEEPTTL", "FIELDS", "1", "a", "2"],
    ]);
  });

  test("announces hset then hexpire", ({ expect }) => {
    const { run, engine } = createTestEngine({ config: { "notify-keyspace-events": "KEA" } });
    const events = listen(engine);
    run("HSETEX", "h", "EX", "5", "FIELDS", "1", "a", "1");
    expect(events).toEqual(["hset h", "hexpire h"]);
  });

  test("WRONGTYPE comes after argument errors", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HSETEX", "s", "FIELDS", "1", "a", "1")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("HSETEX", "s", "EX", "-1", "FIELDS", "1", "a", "1")).toEqual(
      r.err(ERR.FIELD_EXPIRE_NEGATIVE),
    );
  });

  test.for([
    [["HSETEX", "h", "FIELDS", "2", "a", "1"], ERR.WRONG_ARITY("hsetex")],
    [["HSETEX", "h", "FIELDS", "1", "a", "1", "b"], ERR.WRONG_ARITY("hsetex")],
    [["HSETEX", "h", "FNX", "FIELDS", "1", "a"], ERR.WRONG_ARITY("hsetex")],
    [["HSETEX", "h", "FIELDS", "0", "a", "1"], ERR.INVALID_NUMBER_OF_FIELDS],
    [["HSETEX", "h", "FIELDS", "x", "a", "1"], ERR.INVALID_NUMBER_OF_FIELDS],
    [["HSETEX", "h", "FIELDS", "2147483648", "a", "1"], ERR.INVALID_NUMBER_OF_FIELDS],
    [["HSETEX", "h", "FNX", "FXX", "FIELDS", "1", "a", "1"], ERR.FNX_AND_FXX],
    [["HSETEX", "h", "FXX", "FXX", "FIELDS", "1", "a", "1"], ERR.FNX_AND_FXX],
    [["HSETEX", "h", "EX", "1", "PX", "1", "FIELDS", "1", "a", "1"], ERR.ONLY_ONE_EXPIRATION],
    [["HSETEX", "h", "KEEPTTL", "EX", "1", "FIELDS", "1", "a", "1"], ERR.ONLY_ONE_EXPIRATION],
    [["HSETEX", "h", "EX", "x", "FIELDS", "1", "a", "1"], ERR.NOT_INTEGER],
    [["HSETEX", "h", "PX", "-1", "FIELDS", "1", "a", "1"], ERR.FIELD_EXPIRE_NEGATIVE],
    [["HSETEX", "h", "EXAT", "70368744178", "FIELDS", "1", "a", "1"], ERR.INVALID_EXPIRE("hsetex")],
    [["HSETEX", "h", "FOO", "FIELDS", "1", "a", "1"], ERR.UNKNOWN_ARGUMENT("FOO")],
    [["HSETEX", "h", "fnx", "bar", "a", "1", "b"], ERR.UNKNOWN_ARGUMENT("bar")],
    [["HSETEX", "h", "FNX", "KEEPTTL", "FXX", "EX"], ERR.FNX_AND_FXX],
    [["HSETEX", "h", "a", "1", "b", "2"], ERR.UNKNOWN_ARGUMENT("a")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("HLEN", "h")).toEqual(r.int(0));
  });
});

import { describe, test, vi } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("PSETEX", () => {
  const [command, amount, ttlMs] = ["PSETEX", "1500", 1500] as const;
  test("sets the value with a TTL, replacing any type; logged as SET … PXAT", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, clock, engine } = createTestEngine({
      onEffects: (batch) => effects.push(...batch),
    });
    putList(engine, "k");
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    expect(run(command, "k", amount, "v")).toEqual(r.ok);
    expect(effects).toEqual([
      { db: 0, argv: ["SET", "k", "v", "PXAT", String(clock.now() + ttlMs)] },
    ]);
    expect(spy.mock.calls.map(([event]) => event.event)).toEqual(["set", "expire"]);
    clock.advance(ttlMs - 1);
    expect(run("GET", "k")).toEqual(r.bulk("v"));
    clock.advance(1);
    expect(run("GET", "k")).toEqual(r.nil);
  });

  test.for([
    [["k", "abc", "v"], ERR.NOT_INTEGER],
    [["k", "0", "v"], ERR.INVALID_EXPIRE(command.toLowerCase())],
    [["k", "-1", "v"], ERR.INVALID_EXPIRE(command.toLowerCase())],
    [["k", "9223372036854775807", "v"], ERR.INVALID_EXPIRE(command.toLowerCase())],
  ] as const)("%j → %s", ([args, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(command, ...args)).toEqual(r.err(error));
    expect(run("GET", "k")).toEqual(r.nil);
  });
});

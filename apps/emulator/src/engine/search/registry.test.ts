/**
 * Index definitions through the storage log and snapshots: the log replays SEARCH.CREATE like any
 * write (what a SIGKILL leaves), a snapshot carries definitions and aliases, and contents are
 * rebuilt from the keys.
 */
import { describe, test } from "vitest";
import { ManualClock } from "../clock.ts";
import { type Effect, Engine } from "../engine.ts";
import { encodeSnapshot, loadSnapshot, replayEffects } from "../persistence.ts";
import type { Reply } from "../reply.ts";

function runner(engine: Engine): (...argv: string[]) => Reply {
  const session = engine.createSession({ address: "test:0" });
  return (...argv) => {
    const result = engine.execute(argv, session);
    if (result.kind === "blocked") {
      throw new Error("blocked");
    }
    return result;
  };
}

function writeSome(run: (...argv: string[]) => Reply): void {
  run("HSET", "p:1", "name", "Ada Lovelace");
  run("SEARCH.CREATE", "people", "ON", "HASH", "PREFIX", "1", "p:", "SCHEMA", "name", "TEXT");
  run("HSET", "p:2", "name", "Ada Yonath");
  run("SEARCH.ALIASADD", "folk", "people");
  run("SEARCH.QUERY", "people", "{}");
}

describe("search persistence", () => {
  test("replaying the log recreates indexes, aliases and contents", ({ expect }) => {
    const effects: Effect[] = [];
    const clock = new ManualClock();
    const first = new Engine({ clock, onEffects: (unit) => effects.push(...unit) });
    writeSome(runner(first));
    // Queries change nothing: they are not logged.
    expect(effects.map((effect) => effect.argv[0])).toEqual([
      "HSET",
      "SEARCH.CREATE",
      "HSET",
      "SEARCH.ALIASADD",
    ]);
    const second = new Engine({ clock });
    replayEffects(second, effects);
    expect(runner(second)("SEARCH.COUNT", "folk", '{"name":"ada"}')).toEqual({
      kind: "integer",
      value: 2,
    });
    first.close();
    second.close();
  });

  test("a snapshot carries definitions and aliases; contents are rebuilt", ({ expect }) => {
    const clock = new ManualClock();
    const first = new Engine({ clock });
    writeSome(runner(first));
    const snapshot = encodeSnapshot(first);
    const second = new Engine({ clock });
    loadSnapshot(second, snapshot ?? new Uint8Array());
    const run = runner(second);
    expect(run("SEARCH.COUNT", "folk", '{"name":"yonath"}')).toEqual({ kind: "integer", value: 1 });
    expect(run("SEARCH.LISTALIASES")).toEqual({
      kind: "array",
      items: [
        {
          kind: "array",
          items: [
            { kind: "bulk", value: "folk" },
            { kind: "bulk", value: "people" },
          ],
        },
      ],
    });
    first.close();
    second.close();
  });
});

import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

function strings(reply: Reply): string[] {
  if (reply.kind !== "array") {
    throw new Error(`not an array: ${JSON.stringify(reply)}`);
  }
  return reply.items.map((item) => (item.kind === "bulk" ? item.value : "?"));
}

function encodingOf(engine: Engine, key: string): string | undefined {
  const value = engine.databases[0]?.get(key);
  return typeof value === "object" ? value.encoding() : undefined;
}

describe("SPOP", () => {
  test("without count: removes and returns one member; nil for a missing key", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("SADD", "s", "a", "b");
    const first = run("SPOP", "s");
    const second = run("SPOP", "s");
    expect(
      [first, second].map((reply) => (reply.kind === "bulk" ? reply.value : "")).sort(),
    ).toEqual(["a", "b"]);
    expect(engine.databases[0]?.has("s")).toBe(false);
    expect(run("SPOP", "s")).toEqual(r.nil);
  });

  test("with count: distinct members, never more than the set has", ({ expect }) => {
    const { run } = createTestEngine();
    const members = Array.from({ length: 20 }, (_, i) => `m${i}`);
    for (const count of [1, 3, 18]) {
      run("DEL", "s");
      run("SADD", "s", ...members);
      const popped = strings(run("SPOP", "s", String(count)));
      expect(new Set(popped).size).toBe(count);
      expect(run("SCARD", "s")).toEqual(r.int(20 - count));
      for (const member of popped) {
        expect(run("SISMEMBER", "s", member)).toEqual(r.int(0));
      }
    }
  });

  test("a count of the size or more empties the set, answered in SUNION order", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("SADD", "s", "2", "1", "b");
    expect(run("SMEMBERS", "s")).toEqual(r.bulks("1", "2", "b"));
    expect(run("SPOP", "s", "10")).toEqual(r.bulks("1", "2", "b"));
    expect(engine.databases[0]?.has("s")).toBe(false);
  });

  test("popping most of a hashtable rebuilds the rest in a smaller encoding", ({ expect }) => {
    const { run, engine } = createTestEngine({ config: { "set-max-listpack-entries": "4" } });
    run("SADD", "s", ...Array.from({ length: 12 }, (_, i) => `m${i}`));
    expect(encodingOf(engine, "s")).toBe("hashtable");
    expect(strings(run("SPOP", "s", "10"))).toHaveLength(10);
    expect(encodingOf(engine, "s")).toBe("listpack");
    expect(strings(run("SMEMBERS", "s"))).toHaveLength(2);
  });

  test("a listpack pops in its own order", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "e", "d", "c", "b", "a");
    const popped = strings(run("SPOP", "s", "3"));
    expect(popped).toEqual(["e", "d", "c", "b", "a"].filter((member) => popped.includes(member)));
  });

  test("count 0 and a missing key answer an empty array", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "a");
    expect(run("SPOP", "s", "0")).toEqual(r.arr());
    expect(run("SPOP", "nokey", "3")).toEqual(r.arr());
    expect(run("SCARD", "s")).toEqual(r.int(1));
  });

  test("is logged as SREM of what it popped", ({ expect }) => {
    const effects: { argv: readonly string[] }[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("SADD", "s", "a", "b", "c", "d");
    effects.length = 0;
    const one = run("SPOP", "s");
    const two = strings(run("SPOP", "s", "2"));
    const rest = strings(run("SPOP", "s", "5"));
    expect(effects.map((effect) => effect.argv)).toEqual([
      ["SREM", "s", one.kind === "bulk" ? one.value : ""],
      ["SREM", "s", ...two],
      ["SREM", "s", ...rest],
    ]);
    run("SPOP", "s", "0");
    expect(effects).toHaveLength(3);
  });

  test("WRONGTYPE on a string, after the count is checked", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SPOP", "str")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("SPOP", "str", "-1")).toEqual(r.err(ERR.NOT_POSITIVE));
  });

  test.for([
    [["SPOP", "s", "-1"], ERR.NOT_POSITIVE],
    [["SPOP", "s", "x"], ERR.NOT_INTEGER],
    [["SPOP", "s", "1", "2"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "a");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("SCARD", "s")).toEqual(r.int(1));
  });
});

import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function encodingOf(engine: Engine, key: string): string | undefined {
  const value = engine.databases[0]?.get(key);
  return typeof value === "object" ? value.encoding() : undefined;
}

describe("SADD", () => {
  test("adds members and counts the new ones", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SADD", "s", "a", "b", "a")).toEqual(r.int(2));
    expect(run("SADD", "s", "b", "c")).toEqual(r.int(1));
    expect(run("SMEMBERS", "s")).toEqual(r.bulks("a", "b", "c"));
  });

  test("integers make an intset, listed in ascending order", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("SADD", "s", "3", "-1", "20", "100000", "-9223372036854775808", "9223372036854775807");
    expect(encodingOf(engine, "s")).toBe("intset");
    expect(run("SMEMBERS", "s")).toEqual(
      r.bulks("-9223372036854775808", "-1", "3", "20", "100000", "9223372036854775807"),
    );
  });

  test("a non-integer turns a small intset into a listpack, integers first", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("SADD", "s", "3", "1", "2");
    run("SADD", "s", "b", "a");
    expect(encodingOf(engine, "s")).toBe("listpack");
    expect(run("SMEMBERS", "s")).toEqual(r.bulks("1", "2", "3", "b", "a"));
    // Numbers out of int64 range or not canonical are strings.
    run("SADD", "t", "010", "9223372036854775808");
    expect(encodingOf(engine, "t")).toBe("listpack");
    expect(run("SMEMBERS", "t")).toEqual(r.bulks("010", "9223372036854775808"));
  });

  test("limits: set-max-intset-entries, set-max-listpack-entries/value", ({ expect }) => {
    const { run, engine } = createTestEngine({
      config: {
        "set-max-intset-entries": "3",
        "set-max-listpack-entries": "3",
        "set-max-listpack-value": "4",
      },
    });
    run("SADD", "ints", "1", "2", "3");
    expect(encodingOf(engine, "ints")).toBe("intset");
    run("SADD", "ints", "4");
    expect(encodingOf(engine, "ints")).toBe("hashtable");
    // Four arguments are a size hint above both limits: straight to a hashtable.
    run("SADD", "hinted", "1", "2", "3", "4");
    expect(encodingOf(engine, "hinted")).toBe("hashtable");
    run("SADD", "strings", "a", "b", "c");
    expect(encodingOf(engine, "strings")).toBe("listpack");
    run("SADD", "strings", "d");
    expect(encodingOf(engine, "strings")).toBe("hashtable");
    run("SADD", "long", "abcde");
    expect(encodingOf(engine, "long")).toBe("hashtable");
    // An intset whose numbers are too long for a listpack goes to a hashtable.
    run("SADD", "wide", "12345");
    run("SADD", "wide", "x");
    expect(encodingOf(engine, "wide")).toBe("hashtable");
    // A full intset cannot become a listpack either.
    run("SADD", "full", "1", "2", "3");
    run("SADD", "full", "x");
    expect(encodingOf(engine, "full")).toBe("hashtable");
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SADD", "str", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("logs only when it added something", ({ expect }) => {
    const effects: { argv: readonly string[] }[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("SADD", "s", "a");
    run("SADD", "s", "a");
    expect(effects.map((effect) => effect.argv)).toEqual([["SADD", "s", "a"]]);
  });
});

import { describe, test, vi } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

const HELLO_DIGEST = "9555e8555c62dcfd";

describe("DELEX", () => {
  test("without a condition it deletes a key of any type", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, engine } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    expect(run("DELEX", "k")).toEqual(r.int(0));
    run("SET", "k", "v");
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    expect(run("DELEX", "k")).toEqual(r.int(1));
    expect(run("GET", "k")).toEqual(r.nil);
    expect(spy.mock.calls[0]?.[0]).toMatchObject({ event: "del", type: "g", key: "k" });
    expect(effects.at(-1)).toEqual({ db: 0, argv: ["DEL", "k"] });
    putList(engine, "l");
    expect(run("DELEX", "l")).toEqual(r.int(1));
  });

  test("IFEQ and IFNE compare the bytes", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "0123");
    expect(run("DELEX", "k", "IFEQ", "123")).toEqual(r.int(0));
    expect(run("DELEX", "k", "IFNE", "0123")).toEqual(r.int(0));
    expect(run("GET", "k")).toEqual(r.bulk("0123"));
    expect(run("DELEX", "k", "ifeq", "0123")).toEqual(r.int(1));
    run("SET", "k", "hello");
    expect(run("DELEX", "k", "IfNe", "other")).toEqual(r.int(1));
  });

  test("IFDEQ and IFDNE compare digests case-insensitively; only the length is checked", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("SET", "k", "hello");
    expect(run("DELEX", "k", "IFDEQ", "0".repeat(16))).toEqual(r.int(0));
    expect(run("DELEX", "k", "IFDNE", HELLO_DIGEST.toUpperCase())).toEqual(r.int(0));
    expect(run("DELEX", "k", "IFDEQ", "z".repeat(16))).toEqual(r.int(0));
    expect(run("DELEX", "k", "IFDEQ", HELLO_DIGEST.toUpperCase())).toEqual(r.int(1));
    run("SET", "k", "hello");
    expect(run("DELEX", "k", "IFDNE", "z".repeat(16))).toEqual(r.int(1));
  });

  test("a missing key is 0 whatever the condition", ({ expect }) => {
    const { run } = createTestEngine();
    for (const condition of ["IFEQ", "IFNE", "IFDEQ", "IFDNE", "FOO"]) {
      expect(run("DELEX", "missing", condition, "bar")).toEqual(r.int(0));
    }
  });

  test.for([
    [["DELEX", "k", "IFEQ"], ERR.WRONG_ARITY("delex")],
    [["DELEX", "k", "IFEQ", "hello", "extra"], ERR.WRONG_ARITY("delex")],
    [["DELEX", "missing", "IFEQ"], ERR.WRONG_ARITY("delex")],
    [["DELEX", "k", "FOO", "hello"], ERR.DELEX_CONDITION],
    [["DELEX", "k", "IFDEQ", "0123"], ERR.DIGEST_LENGTH],
    [["DELEX", "k", "IFDNE", `0${HELLO_DIGEST}`], ERR.DIGEST_LENGTH],
    [["DELEX", "l", "IFEQ", "a"], ERR.DELEX_NOT_STRING],
    [["DELEX", "l", "FOO", "a"], ERR.DELEX_NOT_STRING],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "k", "hello");
    putList(engine, "l");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("GET", "k")).toEqual(r.bulk("hello"));
    expect(engine.databases[0]?.has("l")).toBe(true);
  });
});

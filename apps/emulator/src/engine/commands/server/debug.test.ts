import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("DEBUG", () => {
  test("OBJECT describes a value", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "hello");
    const lru = Math.floor(clock.now() / 1000) % 2 ** 24;
    expect(run("DEBUG", "OBJECT", "k")).toEqual(
      r.simple(
        `Value at:0x0 refcount:1 encoding:embstr serializedlength:6 lru:${lru} lru_seconds_idle:0`,
      ),
    );
    expect(run("DEBUG", "object", "nope")).toEqual(r.err(ERR.NO_SUCH_KEY));
  });

  test("SLEEP 0, SET-ACTIVE-EXPIRE 1, CHANGE-REPL-ID, LOG", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("DEBUG", "SLEEP", "0")).toEqual(r.ok);
    expect(run("DEBUG", "SET-ACTIVE-EXPIRE", "1")).toEqual(r.ok);
    expect(run("DEBUG", "CHANGE-REPL-ID")).toEqual(r.ok);
    expect(run("DEBUG", "LOG", "hello")).toEqual(r.ok);
  });

  test("ERROR replies with the given error", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("DEBUG", "ERROR", "ERR custom")).toEqual(r.err("ERR custom"));
  });

  test("POPULATE creates string keys", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "key:1", "mine");
    expect(run("DEBUG", "POPULATE", "3")).toEqual(r.ok);
    expect(run("MGET", "key:0", "key:1", "key:2")).toEqual(r.bulks("value:0", "mine", "value:2"));
    run("DEBUG", "POPULATE", "1", "p", "10");
    expect(run("GET", "p:0")).toEqual(r.bulk("value:0\u0000\u0000\u0000"));
  });

  test("HELP lists what is supported", ({ expect }) => {
    const { run } = createTestEngine();
    const reply = run("DEBUG", "HELP");
    const lines = reply.kind === "array" ? reply.items : [];
    expect(lines).toContainEqual(r.simple("OBJECT <key>"));
  });

  test.for([
    [["DEBUG", "SLEEP", "1"], ERR.DEBUG_UNSUPPORTED("SLEEP with a non-zero duration")],
    [["DEBUG", "SET-ACTIVE-EXPIRE", "0"], ERR.DEBUG_UNSUPPORTED("SET-ACTIVE-EXPIRE 0")],
    [["DEBUG", "RELOAD"], ERR.DEBUG_UNSUPPORTED("RELOAD")],
    [["DEBUG", "segfault"], ERR.DEBUG_UNSUPPORTED("SEGFAULT")],
    [["DEBUG", "foo"], ERR.DEBUG_UNKNOWN_SUBCOMMAND("foo")],
    [["DEBUG", "OBJECT"], ERR.DEBUG_UNKNOWN_SUBCOMMAND("OBJECT")],
    [["DEBUG", "SLEEP", "x"], ERR.NOT_FLOAT],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});

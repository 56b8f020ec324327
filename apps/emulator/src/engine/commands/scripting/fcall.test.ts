import { describe, test } from "vitest";
import type { Effect } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const LIBRARY = [
  "#!lua name=lib1",
  "redis.register_function('setter', function(keys, args) return redis.call('set', keys[1], args[1]) end)",
  "redis.register_function('echo', function(keys, args) return {keys[1], args[1], #keys, #args} end)",
  "redis.register_function('boom', function() error('bad') end)",
  "redis.register_function('wrongargs', function() return redis.call('incr', 'k', 'x') end)",
  "redis.register_function('global', function() return x end)",
  "redis.register_function{function_name='nw', callback=function() return redis.call('set','a','b') end, flags={'no-writes'}}",
  "local count = 0",
  "redis.register_function('counter', function() count = count + 1; return count end)",
].join("\n");

describe("FCALL", () => {
  test("calls a function with its keys and arguments; names ignore case", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("FUNCTION", "LOAD", LIBRARY)).toEqual(r.bulk("lib1"));
    expect(run("FCALL", "setter", "1", "k", "v")).toEqual(r.ok);
    expect(run("GET", "k")).toEqual(r.bulk("v"));
    expect(run("FCALL", "ECHO", "1", "k", "a")).toEqual(
      r.arr(r.bulk("k"), r.bulk("a"), r.int(1), r.int(1)),
    );
  });

  test("a library keeps its local state between calls", ({ expect }) => {
    const { run } = createTestEngine();
    run("FUNCTION", "LOAD", LIBRARY);
    expect(run("FCALL", "counter", "0")).toEqual(r.int(1));
    expect(run("FCALL", "counter", "0")).toEqual(r.int(2));
  });

  test("errors name the function and its line", ({ expect }) => {
    const { run } = createTestEngine();
    run("FUNCTION", "LOAD", LIBRARY);
    expect(run("FCALL", "boom", "0")).toEqual(
      r.err("ERR user_function:4: bad script: boom, on @user_function:4."),
    );
    expect(run("FCALL", "wrongargs", "0")).toEqual(
      r.err(
        "ERR Wrong number of args calling Redis command from script script: wrongargs, on @user_function:5.",
      ),
    );
    expect(run("FCALL", "global", "0")).toEqual(
      r.err(
        "ERR user_function:6: Script attempted to access nonexistent global variable 'x' script: global, on @user_function:6.",
      ),
    );
    expect(run("FCALL", "nw", "0")).toEqual(
      r.err(
        "ERR Write commands are not allowed from read-only scripts. script: nw, on @user_function:7.",
      ),
    );
  });

  test("functions see no KEYS/ARGV globals", ({ expect }) => {
    const { run } = createTestEngine();
    run(
      "FUNCTION",
      "LOAD",
      "#!lua name=k\nredis.register_function('k', function() return KEYS end)",
    );
    expect(run("FCALL", "k", "0")).toEqual(
      r.err(
        "ERR user_function:2: Script attempted to access nonexistent global variable 'KEYS' script: k, on @user_function:2.",
      ),
    );
  });

  test("writes are logged as the commands the function ran", ({ expect }) => {
    const effects: Effect[] = [];
    const { run } = createTestEngine({ onEffects: (unit) => effects.push(...unit) });
    run("FUNCTION", "LOAD", LIBRARY);
    effects.length = 0;
    run("FCALL", "setter", "1", "k", "v");
    expect(effects).toEqual([{ db: 0, argv: ["SET", "k", "v"] }]);
  });

  test.for([
    [["FCALL", "nosuch", "0"], ERR.FUNCTION_NOT_FOUND],
    // The function is looked up before numkeys is read.
    [["FCALL", "nosuch", "x"], ERR.FUNCTION_NOT_FOUND],
    [["FCALL", "setter", "x"], ERR.FCALL_BAD_NUMKEYS],
    [["FCALL", "setter", "-1"], ERR.NUMKEYS_NEGATIVE],
    [["FCALL", "setter", "5", "a"], ERR.NUMKEYS_TOO_MANY],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("FUNCTION", "LOAD", LIBRARY);
    expect(run(...argv)).toEqual(r.err(error));
  });
});

import { describe, test } from "vitest";
import type { Effect } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const lib = (name: string, body: string): string => `#!lua name=${name}\n${body}`;
const one = (fn: string): string =>
  `redis.register_function('${fn}', function() return '${fn}' end)`;

describe("FUNCTION LOAD", () => {
  test("loads a library: positional and named registration, all flags", ({ expect }) => {
    const { run } = createTestEngine();
    const code = lib(
      "mylib",
      [
        one("f1"),
        "redis.register_function{function_name='f2', callback=function() return 2 end, description='two',",
        "  flags={'no-writes', 'ALLOW-OOM', 'allow-stale', 'no-cluster', 'allow-cross-slot-keys'}}",
      ].join("\n"),
    );
    expect(run("FUNCTION", "LOAD", code)).toEqual(r.bulk("mylib"));
    expect(run("FCALL", "f1", "0")).toEqual(r.bulk("f1"));
    expect(run("FCALL", "f2", "0")).toEqual(r.int(2));
  });

  test("REPLACE swaps a library, keeping the old one when the new fails", ({ expect }) => {
    const { run } = createTestEngine();
    run("FUNCTION", "LOAD", lib("l", one("a")));
    expect(run("FUNCTION", "LOAD", lib("l", one("b")))).toEqual(r.err(ERR.LIBRARY_EXISTS("l")));
    expect(run("FUNCTION", "LOAD", "REPLACE", lib("l", "redis.register_function('b', 1)"))).toEqual(
      r.err(
        "ERR Error registering functions: ERR second argument to redis.register_function must be a function",
      ),
    );
    expect(run("FCALL", "a", "0")).toEqual(r.bulk("a"));
    expect(run("FUNCTION", "load", "replace", lib("l", one("b")))).toEqual(r.bulk("l"));
    expect(run("FCALL", "a", "0")).toEqual(r.err(ERR.FUNCTION_NOT_FOUND));
    expect(run("FCALL", "b", "0")).toEqual(r.bulk("b"));
  });

  test("the library's top level sees only the FUNCTION LOAD API", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("FUNCTION", "LOAD", lib("x", "redis.call('get','x')"))).toEqual(
      r.err(
        "ERR Error registering functions: ERR user_function:2: Script attempted to access nonexistent global variable 'call'",
      ),
    );
    expect(run("FUNCTION", "LOAD", lib("x", "local s = string.upper('a')"))).toEqual(
      r.err(
        "ERR Error registering functions: ERR user_function:2: Script attempted to access nonexistent global variable 'string'",
      ),
    );
    expect(run("FUNCTION", "LOAD", lib("x", `${one("f")}\nx = 1`))).toEqual(
      r.err(
        "ERR Error registering functions: ERR user_function:3: Attempt to modify a readonly table",
      ),
    );
    expect(
      run(
        "FUNCTION",
        "LOAD",
        lib("x", `redis.log(redis.LOG_NOTICE, redis.REDIS_VERSION)\n${one("f")}`),
      ),
    ).toEqual(r.bulk("x"));
  });

  test("a library whose top level runs past 500 ms fails", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("FUNCTION", "LOAD", lib("slow", "while true do end"))).toEqual(
      r.err("ERR Error registering functions: ERR FUNCTION LOAD timeout"),
    );
    expect(run("FUNCTION", "LOAD", lib("fast", one("f")))).toEqual(r.bulk("fast"));
  });

  test("is logged as itself", ({ expect }) => {
    const effects: Effect[] = [];
    const { run } = createTestEngine({ onEffects: (unit) => effects.push(...unit) });
    const code = lib("l", one("f"));
    run("FUNCTION", "LOAD", code);
    run("FUNCTION", "LOAD", code);
    expect(effects).toEqual([{ db: 0, argv: ["FUNCTION", "LOAD", code] }]);
  });

  test.for([
    ["return 1", ERR.LIBRARY_METADATA_MISSING],
    ["#!lua name=x", ERR.LIBRARY_METADATA_INVALID],
    ['#!lua name="x\nreturn 1', ERR.LIBRARY_METADATA_INVALID],
    ["#!lua\nreturn 1", ERR.LIBRARY_NAME_MISSING],
    ["#!lua name=a name=b\nreturn 1", ERR.LIBRARY_NAME_REPEATED],
    ["#!lua name=x foo=bar\n", ERR.LIBRARY_METADATA_VALUE("foo=bar")],
    ["#!lua name=bad-name!\nreturn 1", ERR.LIBRARY_NAME_INVALID],
    ["#!lua name=\nreturn 1", ERR.LIBRARY_NAME_INVALID],
    ["#!js name=x\nreturn 1", ERR.FUNCTION_ENGINE_NOT_FOUND("js")],
    ["#!lua name=x\n", ERR.NO_FUNCTIONS_REGISTERED],
    [
      "#!lua name=x\nreturn (",
      "ERR Error compiling function: user_function:2: unexpected symbol near '<eof>'",
    ],
    [
      "#!lua name=x\nredis.register_function('a b', function() end)",
      "ERR Error registering functions: ERR Library names can only contain letters, numbers, or underscores(_) and must be at least one character long",
    ],
    [
      "#!lua name=x\nredis.register_function('a', 'notfn')",
      "ERR Error registering functions: ERR second argument to redis.register_function must be a function",
    ],
    [
      "#!lua name=x\nredis.register_function(1, 2, 3)",
      "ERR Error registering functions: ERR wrong number of arguments to redis.register_function",
    ],
    [
      "#!lua name=x\nredis.register_function('x')",
      "ERR Error registering functions: ERR calling redis.register_function with a single argument is only applicable to Lua table (representing named arguments).",
    ],
    [
      "#!lua name=x\nredis.register_function{function_name='a', callback=function() end, flags={'bad'}}",
      "ERR Error registering functions: ERR unknown flag given",
    ],
    [
      "#!lua name=x\nredis.register_function{function_name='a', callback=function() end, foo=1}",
      "ERR Error registering functions: ERR unknown argument given to redis.register_function",
    ],
    [
      "#!lua name=x\nredis.register_function{callback=function() end}",
      "ERR Error registering functions: ERR redis.register_function must get a function name argument",
    ],
    [
      "#!lua name=x\nredis.register_function{function_name='a'}",
      "ERR Error registering functions: ERR redis.register_function must get a callback argument",
    ],
    [
      "#!lua name=x\nredis.register_function('a', function() end)\nredis.register_function('a', function() end)",
      "ERR Error registering functions: ERR Function already exists in the library",
    ],
  ] as const)("%j → %s", ([code, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run("FUNCTION", "LOAD", code)).toEqual(r.err(error));
  });

  test("options and name collisions", ({ expect }) => {
    const { run } = createTestEngine();
    run("FUNCTION", "LOAD", lib("first", one("f")));
    expect(run("FUNCTION", "LOAD", lib("second", one("F")))).toEqual(
      r.err(ERR.FUNCTION_EXISTS("F")),
    );
    expect(run("FUNCTION", "LOAD", "NOW", lib("x", one("g")))).toEqual(
      r.err(ERR.FUNCTION_LOAD_OPTION("NOW")),
    );
    expect(run("FUNCTION", "LOAD", "REPLACE")).toEqual(r.err(ERR.LIBRARY_METADATA_MISSING));
  });
});

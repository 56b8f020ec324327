import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const LIBRARY = [
  "#!lua name=lib",
  "redis.register_function('reader', function(keys) return redis.call('get', keys[1]) end)",
  "redis.register_function('writer', function(keys) return redis.call('set', keys[1], 'x') end)",
  "redis.register_function{function_name='flagged', callback=function(keys) return redis.call('get', keys[1]) end, flags={'no-writes'}}",
  "redis.register_function{function_name='liar', callback=function(keys) return redis.call('set', keys[1], 'y') end, flags={'no-writes'}}",
].join("\n");

describe("FCALL_RO", () => {
  test("runs functions that read, with or without the no-writes flag (service behaviour)", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("FUNCTION", "LOAD", LIBRARY);
    run("SET", "k", "v");
    expect(run("FCALL_RO", "flagged", "1", "k")).toEqual(r.bulk("v"));
    // Redis refuses this with ERR.RO_SCRIPT_WITH_WRITE_FLAG; the service runs it (kv-rest-wire.md §13.2).
    expect(run("FCALL_RO", "reader", "1", "k")).toEqual(r.bulk("v"));
  });

  test("a write inside fails with the service's READONLY error", ({ expect }) => {
    const { run } = createTestEngine();
    run("FUNCTION", "LOAD", LIBRARY);
    run("SET", "k", "v");
    const expected = r.err(
      "ERR Error running script: @user_script:3: READONLY Write commands are not allowed from read-only scripts",
    );
    expect(run("FCALL_RO", "writer", "1", "k")).toEqual(expected);
    expect(run("FCALL_RO", "liar", "1", "k")).toEqual(
      r.err(
        "ERR Error running script: @user_script:5: READONLY Write commands are not allowed from read-only scripts",
      ),
    );
    expect(run("GET", "k")).toEqual(r.bulk("v"));
  });

  test("FCALL of the same functions writes", ({ expect }) => {
    const { run } = createTestEngine();
    run("FUNCTION", "LOAD", LIBRARY);
    expect(run("FCALL", "writer", "1", "k")).toEqual(r.ok);
    expect(run("GET", "k")).toEqual(r.bulk("x"));
  });

  test.for([
    [["FCALL_RO", "nosuch", "0"], ERR.FUNCTION_NOT_FOUND],
    [["FCALL_RO", "reader", "x"], ERR.FCALL_BAD_NUMKEYS],
    [["FCALL_RO", "reader", "-1"], ERR.NUMKEYS_NEGATIVE],
    [["FCALL_RO", "reader", "2", "k"], ERR.NUMKEYS_TOO_MANY],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("FUNCTION", "LOAD", LIBRARY);
    expect(run(...argv)).toEqual(r.err(error));
  });
});

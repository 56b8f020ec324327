import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("EVAL_RO", () => {
  test("runs scripts that only read", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("EVAL_RO", "return redis.call('get', KEYS[1])", "1", "k")).toEqual(r.bulk("v"));
    expect(run("EVAL_RO", "#!lua flags=no-writes\nreturn redis.call('get', 'k')", "0")).toEqual(
      r.bulk("v"),
    );
  });

  test("writes fail with Redis's text; pcall sees the error", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("EVAL_RO", "return redis.call('set','a','b')", "0")).toEqual(
      r.err(
        "ERR Write commands are not allowed from read-only scripts. script: ff967d0ae0e68b4f9e360fa91c54598bc25ad9b6, on @user_script:1.",
      ),
    );
    expect(run("EVAL_RO", "return redis.pcall('set','a','b')", "0")).toEqual(
      r.err("ERR Write commands are not allowed from read-only scripts."),
    );
    expect(run("EXISTS", "a")).toEqual(r.int(0));
  });

  test("a script declaring flags without no-writes is refused before running", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("EVAL_RO", "#!lua\nreturn redis.call('set','a','b')", "0")).toEqual(
      r.err(ERR.RO_SCRIPT_WITH_WRITE_FLAG),
    );
    expect(run("EVAL_RO", "#!lua flags=allow-oom\nreturn 1", "0")).toEqual(
      r.err(ERR.RO_SCRIPT_WITH_WRITE_FLAG),
    );
  });

  test.for([
    [["EVAL_RO", "return 1", "-1"], ERR.NUMKEYS_NEGATIVE],
    [["EVAL_RO", "return 1", "1"], ERR.NUMKEYS_TOO_MANY],
    [["EVAL_RO", "return 1", "x"], ERR.NOT_INTEGER],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});

import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("EVALSHA_RO", () => {
  test("runs cached read-only scripts and refuses their writes", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    const read = run("SCRIPT", "LOAD", "return redis.call('get', KEYS[1])");
    const write = run("SCRIPT", "LOAD", "return redis.call('set', KEYS[1], 'x')");
    expect(run("EVALSHA_RO", read.kind === "bulk" ? read.value : "", "1", "k")).toEqual(
      r.bulk("v"),
    );
    const refused = run("EVALSHA_RO", write.kind === "bulk" ? write.value : "", "1", "k");
    expect(refused.kind === "error" && refused.message).toMatch(
      /^ERR Write commands are not allowed from read-only scripts\. script: [0-9a-f]{40}, on @user_script:1\.$/,
    );
    expect(run("GET", "k")).toEqual(r.bulk("v"));
  });

  test("a cached script with write flags is refused", ({ expect }) => {
    const { run } = createTestEngine();
    const sha = run("SCRIPT", "LOAD", "#!lua\nreturn 1");
    expect(run("EVALSHA_RO", sha.kind === "bulk" ? sha.value : "", "0")).toEqual(
      r.err(ERR.RO_SCRIPT_WITH_WRITE_FLAG),
    );
  });

  test.for([
    [["EVALSHA_RO", "abc", "0"], ERR.NOSCRIPT],
    [["EVALSHA_RO", "f".repeat(40), "0"], ERR.NOSCRIPT],
    [["EVALSHA_RO", "f".repeat(40), "-1"], ERR.NUMKEYS_NEGATIVE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});

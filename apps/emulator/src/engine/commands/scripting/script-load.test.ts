import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { sha1hex } from "../../scripting/scripts.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SCRIPT LOAD", () => {
  test("caches a script under its SHA-1 without running it", ({ expect }) => {
    const { run } = createTestEngine();
    const body = "return redis.call('incr', 'n')";
    expect(run("SCRIPT", "LOAD", body)).toEqual(r.bulk(sha1hex(body)));
    expect(run("EXISTS", "n")).toEqual(r.int(0));
    expect(run("EVALSHA", sha1hex(body), "0")).toEqual(r.int(1));
    // Loading again is harmless; binary bodies hash as bytes.
    expect(run("SCRIPT", "LOAD", body)).toEqual(r.bulk(sha1hex(body)));
    expect(run("SCRIPT", "LOAD", "return '\u00ff'")).toEqual(r.bulk(sha1hex("return '\u00ff'")));
  });

  test("compile and shebang errors", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SCRIPT", "LOAD", "return (")).toEqual(
      r.err(ERR.SCRIPT_COMPILE("user_script:1: unexpected symbol near '<eof>'")),
    );
    expect(run("SCRIPT", "LOAD", "#!lua flags=x\nreturn 1")).toEqual(
      r.err(ERR.SCRIPT_SHEBANG_FLAG("x")),
    );
  });

  test("scripts loaded with SCRIPT LOAD survive EVAL's eviction of old scripts", ({ expect }) => {
    const { run } = createTestEngine();
    const loaded = "return 'kept'";
    run("SCRIPT", "LOAD", loaded);
    const first = "return 0";
    run("EVAL", first, "0");
    for (let i = 1; i <= 500; i++) {
      run("EVAL", `return ${i}`, "0");
    }
    expect(run("SCRIPT", "EXISTS", sha1hex(loaded), sha1hex(first), sha1hex("return 500"))).toEqual(
      r.arr(r.int(1), r.int(0), r.int(1)),
    );
  });
});

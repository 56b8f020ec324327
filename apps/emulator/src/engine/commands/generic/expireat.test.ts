import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("EXPIREAT", () => {
  test("expires at an absolute Unix time in seconds", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "v");
    const at = Math.floor(clock.now() / 1000) + 5;
    expect(run("EXPIREAT", "k", String(at))).toEqual(r.int(1));
    expect(run("EXPIRETIME", "k")).toEqual(r.int(at));
    clock.advance(5000);
    expect(run("EXISTS", "k")).toEqual(r.int(0));
  });

  test("a past time deletes; missing keys answer 0; GT applies", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("EXPIREAT", "nope", "1")).toEqual(r.int(0));
    run("SET", "k", "v");
    expect(run("EXPIREAT", "k", "1", "GT")).toEqual(r.int(0));
    expect(run("EXPIREAT", "k", "1")).toEqual(r.int(1));
    expect(run("EXISTS", "k")).toEqual(r.int(0));
  });

  test("overflow is refused", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("EXPIREAT", "k", "9223372036854775807")).toEqual(
      r.err(ERR.INVALID_EXPIRE("expireat")),
    );
  });
});

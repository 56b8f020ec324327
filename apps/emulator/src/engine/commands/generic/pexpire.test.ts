import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("PEXPIRE", () => {
  test("sets a TTL in milliseconds", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "v");
    expect(run("PEXPIRE", "k", "1500")).toEqual(r.int(1));
    expect(run("PTTL", "k")).toEqual(r.int(1500));
    clock.advance(1500);
    expect(run("EXISTS", "k")).toEqual(r.int(0));
  });

  test("missing key, conditions and overflow", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("PEXPIRE", "nope", "10")).toEqual(r.int(0));
    run("SET", "k", "v");
    expect(run("PEXPIRE", "k", "100", "XX")).toEqual(r.int(0));
    expect(run("PEXPIRE", "k", "9223372036854775807")).toEqual(
      r.err(ERR.INVALID_EXPIRE("pexpire")),
    );
  });
});

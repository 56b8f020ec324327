import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("OBJECT IDLETIME", () => {
  test("0 (access times are not tracked), refused under LFU, nil for a missing key", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("OBJECT", "IDLETIME", "k")).toEqual(r.int(0));
    expect(run("OBJECT", "IDLETIME", "nope")).toEqual(r.nil);
    run("CONFIG", "SET", "maxmemory-policy", "volatile-lfu");
    expect(run("OBJECT", "IDLETIME", "k")).toEqual(r.err(ERR.LFU_SELECTED));
  });
});

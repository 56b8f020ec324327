import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("OBJECT FREQ", () => {
  test("refused unless an LFU policy is selected; nil for a missing key first", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("OBJECT", "FREQ", "nope")).toEqual(r.nil);
    expect(run("OBJECT", "FREQ", "k")).toEqual(r.err(ERR.LFU_NOT_SELECTED));
    run("CONFIG", "SET", "maxmemory-policy", "allkeys-lfu");
    expect(run("OBJECT", "FREQ", "k")).toEqual(r.int(0));
  });
});

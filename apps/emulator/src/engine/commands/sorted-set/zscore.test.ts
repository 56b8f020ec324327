import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZSCORE", () => {
  test("scores in Redis 8's shortest format, nil when absent", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1.1", "a", "1e15", "b", "0.30000000000000004", "c", "1e-7", "d");
    expect(run("ZSCORE", "z", "a")).toEqual(r.bulk("1.1"));
    expect(run("ZSCORE", "z", "b")).toEqual(r.bulk("1000000000000000"));
    expect(run("ZSCORE", "z", "c")).toEqual(r.bulk("0.30000000000000004"));
    expect(run("ZSCORE", "z", "d")).toEqual(r.bulk("1e-7"));
    expect(run("ZSCORE", "z", "x")).toEqual(r.nil);
    expect(run("ZSCORE", "missing", "a")).toEqual(r.nil);
  });

  test("wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("ZSCORE", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });
});

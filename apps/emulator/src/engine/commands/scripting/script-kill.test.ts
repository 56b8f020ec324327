import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SCRIPT KILL", () => {
  test("no script can be running when it arrives", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SCRIPT", "KILL")).toEqual(r.err(ERR.NOTBUSY));
    expect(run("SCRIPT", "KILL", "x")).toEqual(r.err(ERR.WRONG_ARITY("script|kill")));
  });

  test("scripts cannot call it", ({ expect }) => {
    const { run } = createTestEngine();
    const reply = run("EVAL", "return redis.pcall('script', 'kill')", "0");
    expect(reply).toEqual(r.err("ERR This Redis command is not allowed from script"));
  });
});

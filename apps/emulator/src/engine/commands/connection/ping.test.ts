import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("PING", () => {
  test("PONG, or the message", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("PING")).toEqual(r.simple("PONG"));
    expect(run("PING", "hello")).toEqual(r.bulk("hello"));
  });

  test("more than one argument is pingCommand's arity error", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("PING", "a", "b")).toEqual(r.err(ERR.WRONG_ARITY("ping")));
  });
});

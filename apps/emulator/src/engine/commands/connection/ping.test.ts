import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("PING", () => {
  test("PONG, or the message", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("PING")).toEqual(r.simple("PONG"));
    expect(run("PING", "hello")).toEqual(r.bulk("hello"));
  });
});

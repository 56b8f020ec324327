import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT GETNAME", () => {
  test("nil until named", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CLIENT", "GETNAME")).toEqual(r.nil);
    run("CLIENT", "SETNAME", "me");
    expect(run("CLIENT", "GETNAME")).toEqual(r.bulk("me"));
  });
});

import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT CACHING", () => {
  test("needs tracking in the matching OPT mode; holds for the next command", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CLIENT", "CACHING", "yes")).toEqual(r.err(ERR.CLIENT_CACHING_WITHOUT_TRACKING));
    run("CLIENT", "TRACKING", "ON", "OPTIN");
    expect(run("CLIENT", "CACHING", "no")).toEqual(r.err(ERR.CACHING_NO_WITHOUT_OPTOUT));
    expect(run("CLIENT", "CACHING", "maybe")).toEqual(r.err(ERR.SYNTAX));
    expect(run("CLIENT", "CACHING", "YES")).toEqual(r.ok);
    run("CLIENT", "TRACKING", "OFF");
    run("CLIENT", "TRACKING", "ON", "OPTOUT");
    expect(run("CLIENT", "CACHING", "yes")).toEqual(r.err(ERR.CACHING_YES_WITHOUT_OPTIN));
    expect(run("CLIENT", "CACHING", "no")).toEqual(r.ok);
  });
});

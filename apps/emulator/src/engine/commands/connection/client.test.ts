import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT", () => {
  test("unknown subcommands point to CLIENT HELP", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CLIENT", "nope")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("nope", "CLIENT")));
    expect(run("CLIENT")).toEqual(r.err(ERR.WRONG_ARITY("client")));
  });
});

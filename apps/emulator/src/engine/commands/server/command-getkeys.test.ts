import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("COMMAND GETKEYS", () => {
  test("the keys of a full command line", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("COMMAND", "GETKEYS", "SET", "k", "v")).toEqual(r.bulks("k"));
    expect(run("COMMAND", "GETKEYS", "del", "a", "b", "c")).toEqual(r.bulks("a", "b", "c"));
    expect(run("COMMAND", "GETKEYS", "OBJECT", "ENCODING", "k")).toEqual(r.bulks("k"));
  });

  test.for([
    [["COMMAND", "GETKEYS", "nope", "a"], ERR.INVALID_COMMAND_SPECIFIED],
    [["COMMAND", "GETKEYS", "OBJECT", "nope", "k"], ERR.INVALID_COMMAND_SPECIFIED],
    [["COMMAND", "GETKEYS", "PING", "x"], ERR.NO_KEY_ARGUMENTS],
    [["COMMAND", "GETKEYS", "GET", "a", "b"], ERR.INVALID_ARGUMENTS_SPECIFIED],
    [["COMMAND", "GETKEYS", "GET"], ERR.WRONG_ARITY("command|getkeys")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});

import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const names = (reply: Reply): string[] =>
  reply.kind === "array" ? reply.items.map((item) => (item.kind === "bulk" ? item.value : "")) : [];

describe("COMMAND LIST", () => {
  test("every command and subcommand", ({ expect }) => {
    const { run } = createTestEngine();
    const all = names(run("COMMAND", "LIST"));
    expect(all).toContain("get");
    expect(all).toContain("config|get");
  });

  test("FILTERBY PATTERN, ACLCAT and MODULE", ({ expect }) => {
    const { run } = createTestEngine();
    expect(names(run("COMMAND", "LIST", "FILTERBY", "PATTERN", "CONFIG*")).sort()).toEqual([
      "config",
      "config|get",
      "config|help",
      "config|resetstat",
      "config|rewrite",
      "config|set",
    ]);
    const transaction = names(run("COMMAND", "LIST", "filterby", "aclcat", "TRANSACTION")).sort();
    expect(transaction).toEqual(["discard", "exec", "multi", "unwatch", "watch"]);
    expect(run("COMMAND", "LIST", "FILTERBY", "ACLCAT", "nosuch")).toEqual(r.arr());
    expect(run("COMMAND", "LIST", "FILTERBY", "MODULE", "json")).toEqual(r.arr());
  });

  test.for([
    [["COMMAND", "LIST", "FOO"]],
    [["COMMAND", "LIST", "FILTERBY", "FOO", "x"]],
    [["COMMAND", "LIST", "FILTERBY", "PATTERN"]],
  ] as const)("%j → syntax error", ([argv], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(ERR.SYNTAX));
  });
});

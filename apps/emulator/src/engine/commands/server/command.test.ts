import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { Args } from "../args.ts";
import type { CommandContext } from "../context.ts";
import { command } from "./command.ts";

describe("COMMAND", () => {
  test("without a subcommand: COMMAND INFO of every command", ({ expect }) => {
    const { engine } = createTestEngine();
    const ctx = { server: engine } as unknown as CommandContext;
    const reply = command.execute(ctx, new Args(["COMMAND"], 1)) as Reply;
    expect(reply.kind === "array" && reply.items.length).toBe(engine.commands.size);
  });

  test("runs through the dispatcher: every entry is the command's COMMAND INFO", ({ expect }) => {
    const { run } = createTestEngine();
    const all = run("COMMAND");
    const count = run("COMMAND", "COUNT");
    expect(all.kind === "array" && all.items.length).toBe(count.kind === "integer" && count.value);
    const get =
      all.kind === "array"
        ? all.items.find((item) => {
            const name = item.kind === "array" ? item.items[0] : undefined;
            return name?.kind === "bulk" && name.value === "get";
          })
        : undefined;
    const info = run("COMMAND", "INFO", "GET");
    expect(get).toEqual(info.kind === "array" ? info.items[0] : undefined);
    expect(run("COMMAND")).toEqual(run("COMMAND", "INFO"));
  });

  test("other containers alone are a wrong-arity error", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CONFIG")).toEqual(r.err(ERR.WRONG_ARITY("config")));
    expect(run("OBJECT")).toEqual(r.err(ERR.WRONG_ARITY("object")));
  });

  test("its own metadata is COMMAND's", ({ expect }) => {
    expect(command.arity).toBe(-1);
    expect([...command.flags]).toEqual(["loading", "stale"]);
    expect(command.aclCategories).toEqual(["slow", "connection"]);
  });

  test("unknown subcommands point to COMMAND HELP", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("COMMAND", "nope")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("nope", "COMMAND")));
  });
});

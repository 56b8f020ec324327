import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("COMMAND DOCS", () => {
  test("summary, since, group and complexity per command; unknown names skipped", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("COMMAND", "DOCS", "echo", "nope")).toEqual(
      r.arr(
        r.bulk("echo"),
        r.arr(
          r.bulk("summary"),
          r.bulk("Returns the given string."),
          r.bulk("since"),
          r.bulk("1.0.0"),
          r.bulk("group"),
          r.bulk("connection"),
          r.bulk("complexity"),
          r.bulk("O(1)"),
        ),
      ),
    );
  });

  test("containers carry their subcommands' docs", ({ expect }) => {
    const { run } = createTestEngine();
    const reply = run("COMMAND", "DOCS", "object");
    const docs = reply.kind === "array" ? reply.items[1] : undefined;
    const items = docs?.kind === "array" ? docs.items : [];
    expect(items[6]).toEqual(r.bulk("complexity"));
    expect(items[7]).toEqual(r.bulk("Depends on subcommand."));
    expect(items[8]).toEqual(r.bulk("subcommands"));
  });

  test("without names: every command", ({ expect }) => {
    const { run, engine } = createTestEngine();
    const reply = run("COMMAND", "DOCS");
    expect(reply.kind === "array" && reply.items.length).toBe(engine.commands.size * 2);
  });
});

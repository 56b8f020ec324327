import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("COMMAND INFO", () => {
  test("Redis 7's shape, with a key spec derived from the key range", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("COMMAND", "INFO", "get")).toEqual(
      r.arr(
        r.arr(
          r.bulk("get"),
          r.int(2),
          r.arr(r.simple("readonly"), r.simple("fast")),
          r.int(1),
          r.int(1),
          r.int(1),
          r.arr(r.simple("@read"), r.simple("@string"), r.simple("@fast")),
          r.arr(),
          r.arr(
            r.arr(
              r.bulk("flags"),
              r.arr(r.simple("RO"), r.simple("access")),
              r.bulk("begin_search"),
              r.arr(
                r.bulk("type"),
                r.bulk("index"),
                r.bulk("spec"),
                r.arr(r.bulk("index"), r.int(1)),
              ),
              r.bulk("find_keys"),
              r.arr(
                r.bulk("type"),
                r.bulk("range"),
                r.bulk("spec"),
                r.arr(
                  r.bulk("lastkey"),
                  r.int(0),
                  r.bulk("keystep"),
                  r.int(1),
                  r.bulk("limit"),
                  r.int(0),
                ),
              ),
            ),
          ),
          r.arr(),
        ),
      ),
    );
  });

  test("containers list their subcommands; unknown names are nil", ({ expect }) => {
    const { run } = createTestEngine();
    const reply = run("COMMAND", "INFO", "config", "nope", "config|get");
    expect(reply.kind).toBe("array");
    const [config, nope, configGet] = reply.kind === "array" ? reply.items : [];
    expect(nope).toEqual(r.nil);
    const subcommands = config?.kind === "array" ? config.items[9] : undefined;
    expect(subcommands?.kind === "array" && subcommands.items.length).toBe(5);
    expect(configGet?.kind === "array" && configGet.items[0]).toEqual(r.bulk("config|get"));
  });

  test("movable keys are flagged", ({ expect }) => {
    const { run } = createTestEngine();
    const reply = run("COMMAND", "INFO", "sort");
    const entry = reply.kind === "array" ? reply.items[0] : undefined;
    const flags = entry?.kind === "array" ? entry.items[2] : undefined;
    expect(flags).toEqual(r.arr(r.simple("write"), r.simple("denyoom"), r.simple("movablekeys")));
  });

  test("without names: every command", ({ expect }) => {
    const { run, engine } = createTestEngine();
    const reply = run("COMMAND", "INFO");
    expect(reply.kind === "array" && reply.items.length).toBe(engine.commands.size);
  });
});

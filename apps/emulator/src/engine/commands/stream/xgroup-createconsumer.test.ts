import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("XGROUP CREATECONSUMER", () => {
  test("adds a consumer once", ({ expect }) => {
    const { run } = createTestEngine();
    run("XGROUP", "CREATE", "s", "g", "$", "MKSTREAM");
    expect(run("XGROUP", "CREATECONSUMER", "s", "g", "c")).toEqual(r.int(1));
    expect(run("XGROUP", "CREATECONSUMER", "s", "g", "c")).toEqual(r.int(0));
    expect(run("XINFO", "CONSUMERS", "s", "g")).toEqual(
      r.arr(
        r.arr(
          ...[r.bulk("name"), r.bulk("c"), r.bulk("pending"), r.int(0)],
          ...[r.bulk("idle"), r.int(0), r.bulk("inactive"), r.int(-1)],
        ),
      ),
    );
  });

  test("only a new consumer is logged", ({ expect }) => {
    const effects: (readonly string[])[] = [];
    const { run } = createTestEngine({
      onEffects: (batch) => effects.push(...batch.map((effect) => effect.argv)),
    });
    run("XGROUP", "CREATE", "s", "g", "$", "MKSTREAM");
    effects.length = 0;
    run("XGROUP", "CREATECONSUMER", "s", "g", "c");
    run("XGROUP", "CREATECONSUMER", "s", "g", "c");
    expect(effects).toEqual([["XGROUP", "CREATECONSUMER", "s", "g", "c"]]);
  });

  test("the key and group must exist; wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XGROUP", "CREATECONSUMER", "s", "g", "c")).toEqual(r.err(ERR.XGROUP_KEY_REQUIRED));
    run("XADD", "s", "1-0", "a", "1");
    expect(run("XGROUP", "CREATECONSUMER", "s", "g", "c")).toEqual(
      r.err(ERR.GROUP_NOT_FOUND("g", "s")),
    );
    run("SET", "k", "v");
    expect(run("XGROUP", "CREATECONSUMER", "k", "g", "c")).toEqual(r.err(ERR.WRONGTYPE));
  });
});

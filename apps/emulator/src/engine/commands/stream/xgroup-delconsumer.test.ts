import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("XGROUP DELCONSUMER", () => {
  test("removes the consumer and its pending entries; how many it had", ({ expect }) => {
    const { run } = createTestEngine();
    run("XADD", "s", "1-0", "a", "1");
    run("XADD", "s", "2-0", "a", "1");
    run("XGROUP", "CREATE", "s", "g", "0");
    run("XREADGROUP", "GROUP", "g", "c", "COUNT", "1", "STREAMS", "s", ">");
    run("XREADGROUP", "GROUP", "g", "d", "STREAMS", "s", ">");
    expect(run("XGROUP", "DELCONSUMER", "s", "g", "c")).toEqual(r.int(1));
    expect(run("XGROUP", "DELCONSUMER", "s", "g", "c")).toEqual(r.int(0));
    expect(run("XPENDING", "s", "g")).toEqual(
      r.arr(r.int(1), r.bulk("2-0"), r.bulk("2-0"), r.arr(r.bulks("d", "1"))),
    );
  });

  test("the key and group must exist; wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XGROUP", "DELCONSUMER", "s", "g", "c")).toEqual(r.err(ERR.XGROUP_KEY_REQUIRED));
    run("XADD", "s", "1-0", "a", "1");
    expect(run("XGROUP", "DELCONSUMER", "s", "g", "c")).toEqual(
      r.err(ERR.GROUP_NOT_FOUND("g", "s")),
    );
    run("SET", "k", "v");
    expect(run("XGROUP", "DELCONSUMER", "k", "g", "c")).toEqual(r.err(ERR.WRONGTYPE));
  });
});

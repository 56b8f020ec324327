import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("XGROUP DESTROY", () => {
  test("removes the group with its PEL; 0 when it is absent", ({ expect }) => {
    const { run } = createTestEngine();
    run("XADD", "s", "1-0", "a", "1");
    run("XGROUP", "CREATE", "s", "g", "0");
    run("XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", ">");
    expect(run("XGROUP", "DESTROY", "s", "g")).toEqual(r.int(1));
    expect(run("XGROUP", "DESTROY", "s", "g")).toEqual(r.int(0));
    expect(run("XINFO", "GROUPS", "s")).toEqual(r.arr());
    expect(run("XPENDING", "s", "g")).toEqual(r.err(ERR.STREAM_NOGROUP("s", "g")));
  });

  test("the key must exist; wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XGROUP", "DESTROY", "s", "g")).toEqual(r.err(ERR.XGROUP_KEY_REQUIRED));
    run("SET", "k", "v");
    expect(run("XGROUP", "DESTROY", "k", "g")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("XGROUP", "DESTROY", "k", "g", "x")).toEqual(
      r.err(ERR.WRONG_ARITY("xgroup|destroy")),
    );
  });

  test("wakes XREADGROUP clients blocked on the group with NOGROUP", async ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("XGROUP", "CREATE", "s", "g", "$", "MKSTREAM");
    const reader = engine.createSession({ address: "reader" });
    const argv = ["XREADGROUP", "GROUP", "g", "c", "BLOCK", "0", "STREAMS", "s", ">"];
    const blocked = engine.execute(argv, reader);
    expect(blocked.kind).toBe("blocked");
    if (blocked.kind !== "blocked") {
      return;
    }
    const answer = engine.waitFor(blocked, argv, reader);
    run("XGROUP", "DESTROY", "s", "g");
    // Redis 7.2+: the command runs again and finds no group (7.0: "NOGROUP the consumer group this client was blocked on no longer exists").
    expect(await answer).toEqual(r.err(ERR.XREADGROUP_NOGROUP("s", "g")));
  });
});

import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const consumer = ([name, pending, idle, inactive]: [string, number, number, number]): Reply =>
  r.arr(
    ...[r.bulk("name"), r.bulk(name), r.bulk("pending"), r.int(pending)],
    ...[r.bulk("idle"), r.int(idle), r.bulk("inactive"), r.int(inactive)],
  );

describe("XINFO CONSUMERS", () => {
  test("pending, idle (since seen) and inactive (since the last successful read)", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("XADD", "s", "1-0", "a", "1");
    run("XGROUP", "CREATE", "s", "g", "0");
    run("XREADGROUP", "GROUP", "g", "zed", "STREAMS", "s", ">");
    clock.advance(100);
    run("XGROUP", "CREATECONSUMER", "s", "g", "amy");
    clock.advance(50);
    // Seen, but nothing new to read: idle resets, inactive does not.
    run("XREADGROUP", "GROUP", "g", "zed", "STREAMS", "s", ">");
    clock.advance(25);
    expect(run("XINFO", "CONSUMERS", "s", "g")).toEqual(
      r.arr(consumer(["amy", 0, 75, -1]), consumer(["zed", 1, 25, 175])),
    );
  });

  test("missing key, missing group, wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XINFO", "CONSUMERS", "s", "g")).toEqual(r.err(ERR.NO_SUCH_KEY));
    run("XADD", "s", "1-0", "a", "1");
    expect(run("XINFO", "CONSUMERS", "s", "g")).toEqual(r.err(ERR.GROUP_NOT_FOUND("g", "s")));
    run("SET", "k", "v");
    expect(run("XINFO", "CONSUMERS", "k", "g")).toEqual(r.err(ERR.WRONGTYPE));
  });
});

import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const entry = (id: string): Reply => r.arr(r.bulk(id), r.bulks("f", id));

/** 1-0 … 5-0 pending for alice; 1-0 … 3-0 delivered 1000 ms ago, 4-0 and 5-0 just now. */
function seeded(options: Parameters<typeof createTestEngine>[0] = {}) {
  const engine = createTestEngine(options);
  for (let i = 1; i <= 5; i++) {
    engine.run("XADD", "s", `${i}-0`, "f", `${i}-0`);
  }
  engine.run("XGROUP", "CREATE", "s", "g", "0");
  engine.run("XREADGROUP", "GROUP", "g", "alice", "COUNT", "3", "STREAMS", "s", ">");
  engine.clock.advance(1000);
  engine.run("XREADGROUP", "GROUP", "g", "alice", "STREAMS", "s", ">");
  return engine;
}

describe("XAUTOCLAIM", () => {
  test("claims idle entries from start on and returns the next start", ({ expect }) => {
    const { run } = seeded();
    expect(run("XAUTOCLAIM", "s", "g", "bob", "500", "0", "COUNT", "2")).toEqual(
      r.arr(r.bulk("3-0"), r.arr(entry("1-0"), entry("2-0")), r.arr()),
    );
    expect(run("XAUTOCLAIM", "s", "g", "bob", "500", "3-0")).toEqual(
      r.arr(r.bulk("0-0"), r.arr(entry("3-0")), r.arr()),
    );
    expect(run("XPENDING", "s", "g")).toEqual(
      r.arr(
        r.int(5),
        r.bulk("1-0"),
        r.bulk("5-0"),
        r.arr(r.bulks("alice", "2"), r.bulks("bob", "3")),
      ),
    );
  });

  test("JUSTID returns IDs and does not count a delivery; ( excludes the start", ({ expect }) => {
    const { run } = seeded();
    expect(run("XAUTOCLAIM", "s", "g", "bob", "0", "(1-0", "JUSTID")).toEqual(
      r.arr(r.bulk("0-0"), r.bulks("2-0", "3-0", "4-0", "5-0"), r.arr()),
    );
    expect(run("XPENDING", "s", "g", "-", "+", "1", "bob")).toEqual(
      r.arr(r.arr(r.bulk("2-0"), r.bulk("bob"), r.int(0), r.int(1))),
    );
  });

  test("reports and drops pending entries whose stream entry is gone", ({ expect }) => {
    const { run } = seeded();
    run("XDEL", "s", "1-0", "3-0");
    expect(run("XAUTOCLAIM", "s", "g", "bob", "0", "-", "COUNT", "3")).toEqual(
      r.arr(r.bulk("4-0"), r.arr(entry("2-0")), r.bulks("1-0", "3-0")),
    );
    expect(run("XPENDING", "s", "g")).toMatchObject({ items: [r.int(3), {}, {}, {}] });
  });

  test("looks at no more than COUNT × 10 entries per call", ({ expect }) => {
    const { run, clock } = createTestEngine();
    for (let i = 1; i <= 30; i++) {
      run("XADD", "s", `${i}-0`, "f", "v");
    }
    run("XGROUP", "CREATE", "s", "g", "0");
    run("XREADGROUP", "GROUP", "g", "alice", "STREAMS", "s", ">");
    clock.advance(10);
    expect(run("XAUTOCLAIM", "s", "g", "bob", "1000", "0", "COUNT", "1")).toEqual(
      r.arr(r.bulk("11-0"), r.arr(), r.arr()),
    );
  });

  test("logs the XCLAIMs, and a consumer it only created", ({ expect }) => {
    const effects: (readonly string[])[] = [];
    const { run, clock } = seeded({
      onEffects: (batch) => effects.push(...batch.map((effect) => effect.argv)),
    });
    effects.length = 0;
    run("XAUTOCLAIM", "s", "g", "bob", "99999", "0");
    run("XAUTOCLAIM", "s", "g", "bob", "500", "0", "COUNT", "1");
    expect(effects).toEqual([
      ["XGROUP", "CREATECONSUMER", "s", "g", "bob"],
      [
        ...["XCLAIM", "s", "g", "bob", "0", "1-0", "TIME", String(clock.now()), "RETRYCOUNT", "2"],
        ...["FORCE", "JUSTID", "LASTID", "5-0"],
      ],
    ]);
  });

  test("missing key or group, wrong type", ({ expect }) => {
    const { run } = seeded();
    expect(run("XAUTOCLAIM", "missing", "g", "c", "0", "0")).toEqual(
      r.err(ERR.STREAM_NOGROUP("missing", "g")),
    );
    run("SET", "k", "v");
    expect(run("XAUTOCLAIM", "k", "g", "c", "0", "0")).toEqual(r.err(ERR.WRONGTYPE));
    // Argument errors come first.
    expect(run("XAUTOCLAIM", "k", "g", "c", "x", "0")).toEqual(r.err(ERR.XAUTOCLAIM_MIN_IDLE));
  });

  test.for([
    [["XAUTOCLAIM", "s", "g", "c", "x", "0"], ERR.XAUTOCLAIM_MIN_IDLE],
    [["XAUTOCLAIM", "s", "g", "c", "0", "bad"], ERR.STREAM_ID_INVALID],
    [
      ["XAUTOCLAIM", "s", "g", "c", "0", "(18446744073709551615-18446744073709551615"],
      ERR.STREAM_START_ID_INVALID,
    ],
    [["XAUTOCLAIM", "s", "g", "c", "0", "0", "COUNT", "0"], ERR.XAUTOCLAIM_COUNT],
    [["XAUTOCLAIM", "s", "g", "c", "0", "0", "COUNT", "x"], ERR.XAUTOCLAIM_COUNT],
    [["XAUTOCLAIM", "s", "g", "c", "0", "0", "COUNT", "576460752303423488"], ERR.XAUTOCLAIM_COUNT],
    [["XAUTOCLAIM", "s", "g", "c", "0", "0", "COUNT"], ERR.SYNTAX],
    [["XAUTOCLAIM", "s", "g", "c", "0", "0", "FOO"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = seeded();
    expect(run(...argv)).toEqual(r.err(error));
  });
});

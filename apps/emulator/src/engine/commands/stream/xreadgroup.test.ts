import { describe, test } from "vitest";
import type { Effect } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { replayEffects } from "../../persistence.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const entry = (id: string): Reply => r.arr(r.bulk(id), r.bulks("f", id));
const stream = (key: string, ...entries: Reply[]): Reply => r.arr(r.bulk(key), r.arr(...entries));

function seeded(options: Parameters<typeof createTestEngine>[0] = {}) {
  const engine = createTestEngine(options);
  for (const id of ["1-0", "2-0", "3-0"]) {
    engine.run("XADD", "s", id, "f", id);
  }
  engine.run("XGROUP", "CREATE", "s", "g", "0");
  return engine;
}

describe("XREADGROUP", () => {
  test("> delivers new entries once per group, as pending for the consumer", ({ expect }) => {
    const { run } = seeded();
    expect(run("XREADGROUP", "GROUP", "g", "alice", "COUNT", "2", "STREAMS", "s", ">")).toEqual(
      r.arr(stream("s", entry("1-0"), entry("2-0"))),
    );
    expect(run("XREADGROUP", "GROUP", "g", "bob", "STREAMS", "s", ">")).toEqual(
      r.arr(stream("s", entry("3-0"))),
    );
    expect(run("XREADGROUP", "GROUP", "g", "bob", "STREAMS", "s", ">")).toEqual(r.nilArray);
    expect(run("XPENDING", "s", "g")).toEqual(
      r.arr(
        r.int(3),
        r.bulk("1-0"),
        r.bulk("3-0"),
        r.arr(r.bulks("alice", "2"), r.bulks("bob", "1")),
      ),
    );
  });

  test("an ID reads the consumer's own history, counting a delivery", ({ expect }) => {
    const { run, clock } = seeded();
    run("XREADGROUP", "GROUP", "g", "alice", "STREAMS", "s", ">");
    run("XDEL", "s", "2-0");
    clock.advance(10);
    expect(run("XREADGROUP", "GROUP", "g", "alice", "STREAMS", "s", "0")).toEqual(
      r.arr(stream("s", entry("1-0"), r.arr(r.bulk("2-0"), r.nilArray), entry("3-0"))),
    );
    expect(run("XREADGROUP", "GROUP", "g", "alice", "COUNT", "1", "STREAMS", "s", "1-0")).toEqual(
      r.arr(stream("s", r.arr(r.bulk("2-0"), r.nilArray))),
    );
    expect(run("XPENDING", "s", "g", "-", "+", "10")).toEqual(
      r.arr(
        r.arr(r.bulk("1-0"), r.bulk("alice"), r.int(0), r.int(2)),
        r.arr(r.bulk("2-0"), r.bulk("alice"), r.int(10), r.int(1)),
        r.arr(r.bulk("3-0"), r.bulk("alice"), r.int(0), r.int(2)),
      ),
    );
    // A consumer with nothing pending gets an empty list, not nil.
    expect(run("XREADGROUP", "GROUP", "g", "bob", "STREAMS", "s", "0")).toEqual(r.arr(stream("s")));
  });

  test("NOACK delivers without pending entries and, like the service, without a consumer", ({
    expect,
  }) => {
    const { run } = seeded();
    // Service behaviour (kv-rest-wire.md §13.2).
    expect(run("XREADGROUP", "GROUP", "g", "c", "NOACK", "STREAMS", "s", ">")).toEqual(
      r.arr(stream("s", entry("1-0"), entry("2-0"), entry("3-0"))),
    );
    expect(run("XINFO", "CONSUMERS", "s", "g")).toEqual(r.arr());
    expect(run("XPENDING", "s", "g")).toEqual(r.arr(r.int(0), r.nil, r.nil, r.nilArray));
    expect(run("XREADGROUP", "GROUP", "g", "c", "NOACK", "STREAMS", "s", "0")).toEqual(
      r.arr(stream("s")),
    );
  });

  test("BLOCK waits for new entries, and fails when the key or group goes", async ({ expect }) => {
    const { run, engine } = seeded();
    run("XREADGROUP", "GROUP", "g", "alice", "STREAMS", "s", ">");
    const wait = (consumer: string) => {
      const session = engine.createSession({ address: consumer });
      const argv = ["XREADGROUP", "GROUP", "g", consumer, "BLOCK", "0", "STREAMS", "s", ">"];
      const blocked = engine.execute(argv, session);
      if (blocked.kind !== "blocked") {
        throw new Error("expected to block");
      }
      return engine.waitFor(blocked, argv, session);
    };
    const first = wait("bob");
    run("XACK", "s", "g", "1-0");
    run("XADD", "s", "4-0", "f", "4-0");
    expect(await first).toEqual(r.arr(stream("s", entry("4-0"))));
    const second = wait("carol");
    run("DEL", "s");
    // Redis 7.2+: the command runs again and finds no key (7.0: "UNBLOCKED the stream key no longer exists").
    expect(await second).toEqual(r.err(ERR.XREADGROUP_NOGROUP("s", "g")));
    run("XGROUP", "CREATE", "s", "g", "$", "MKSTREAM");
    const third = wait("dave");
    run("SET", "s", "x");
    expect(await third).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("logs XCLAIMs, XGROUP SETID and new consumers, which replay to the same state", ({
    expect,
  }) => {
    const effects: Effect[] = [];
    const { run, clock } = seeded({ onEffects: (batch) => effects.push(...batch) });
    run("XREADGROUP", "GROUP", "g", "alice", "COUNT", "2", "STREAMS", "s", ">");
    clock.advance(7);
    run("XREADGROUP", "GROUP", "g", "bob", "STREAMS", "s", "0");
    run("XREADGROUP", "GROUP", "g", "alice", "STREAMS", "s", "0");
    run("XREADGROUP", "GROUP", "g", "carol", "NOACK", "STREAMS", "s", ">");
    const t0 = String(clock.now() - 7);
    const claim = ([id, time, count, lastId]: [string, string, string, string]) => [
      ...["XCLAIM", "s", "g", "alice", "0", id, "TIME", time, "RETRYCOUNT", count],
      ...["FORCE", "JUSTID", "LASTID", lastId],
    ];
    expect(effects.slice(4).map((effect) => effect.argv)).toEqual([
      claim(["1-0", t0, "1", "0-0"]),
      claim(["2-0", t0, "1", "0-0"]),
      ["XGROUP", "SETID", "s", "g", "2-0", "ENTRIESREAD", "2"],
      ["XGROUP", "CREATECONSUMER", "s", "g", "bob"],
      claim(["1-0", String(clock.now()), "2", "2-0"]),
      claim(["2-0", String(clock.now()), "2", "2-0"]),
      ["XGROUP", "SETID", "s", "g", "3-0", "ENTRIESREAD", "3"],
    ]);
    const replayed = createTestEngine();
    replayEffects(replayed.engine, effects);
    for (const argv of [
      ["XPENDING", "s", "g", "-", "+", "10"],
      ["XINFO", "GROUPS", "s"],
      ["XRANGE", "s", "-", "+"],
    ]) {
      expect(replayed.run(...argv), argv.join(" ")).toEqual(run(...argv));
    }
  });

  test("wrong type", ({ expect }) => {
    const { run } = seeded();
    run("SET", "k", "v");
    expect(run("XREADGROUP", "GROUP", "g", "c", "STREAMS", "k", ">")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [
      ["XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", "t", ">"],
      ERR.XREAD_UNBALANCED("xreadgroup"),
    ],
    [["XREADGROUP", "COUNT", "1", "NOACK", "STREAMS", "s", ">"], ERR.XREADGROUP_MISSING_GROUP],
    [["XREADGROUP", "GROUP", "g", "c", "COUNT", "1", "s"], ERR.SYNTAX],
    [["XREADGROUP", "GROUP", "nog", "c", "STREAMS", "s", ">"], ERR.XREADGROUP_NOGROUP("s", "nog")],
    [
      ["XREADGROUP", "GROUP", "g", "c", "STREAMS", "missing", ">"],
      ERR.XREADGROUP_NOGROUP("missing", "g"),
    ],
    [["XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", "$"], ERR.XREADGROUP_DOLLAR_ID],
    [["XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", "+"], ERR.XREADGROUP_PLUS_ID],
    [["XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", "bad"], ERR.STREAM_ID_INVALID],
    [["XREADGROUP", "GROUP", "g", "c", "BLOCK", "-1", "STREAMS", "s", ">"], ERR.TIMEOUT_NEGATIVE],
    [["XREADGROUP", "GROUP", "g", "c", "CLAIM", "5", "STREAMS", "s", ">"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = seeded();
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("XINFO", "CONSUMERS", "s", "g")).toEqual(r.arr());
  });
});

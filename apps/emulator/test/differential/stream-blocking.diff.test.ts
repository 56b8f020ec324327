/**
 * Blocked stream reads against redis-server 7.0, with a second connection that blocks while the
 * first changes the stream: a blocked XREADGROUP answers at once when its stream is deleted,
 * flushed, swapped away or replaced by another type, or its group destroyed; a blocked XREAD waits
 * on through a deleted stream. Also `blocked_clients` while they wait.
 *
 * The engine answers as Redis 7.2+ does, where blocked commands are run again when their keys
 * change (src/blocked.c since redis/redis#11012, its tests in tests/unit/type/stream-cgroups.tcl):
 * a deleted, flushed or destroyed stream or group answers `NOGROUP No such key …`, a stream
 * replaced by another type `WRONGTYPE …`, and a blocked XREAD naming a stream twice is served
 * with it twice. Where 7.0 answered otherwise, a scenario names both answers (`since72`): 7.0's
 * is checked against redis-server, the newer one against the engine.
 */
import type { Resp2Value } from "@stratus/core/resp2";
import { afterAll, beforeAll, describe, test } from "vitest";
import { RespClient } from "../support/resp-client.ts";
import { canRunDifferential, show, startTargets, type Targets } from "./harness.ts";

interface Scenario {
  readonly setup: readonly (readonly string[])[];
  readonly blocker: readonly string[];
  readonly meanwhile: readonly (readonly string[])[];
  /** Where 7.0 and 7.2+ differ: the blocked command's answer in each (shown form). */
  readonly since72?: { readonly was: unknown; readonly now: unknown };
}

/** Polls INFO clients until `count` clients are blocked (Redis's own wait_for_blocked_clients_count). */
async function blockedClients(client: RespClient, count: number): Promise<number> {
  let seen = -1;
  for (let attempt = 0; attempt < 200 && seen !== count; attempt++) {
    const info = await client.call("INFO", "clients");
    const text = info.kind === "bulk" ? Buffer.from(info.value).toString("latin1") : "";
    seen = Number(/blocked_clients:(\d+)/.exec(text)?.[1] ?? -1);
  }
  return seen;
}

async function play(port: number, scenario: Scenario): Promise<unknown[]> {
  const [main, waiting] = await Promise.all([RespClient.connect(port), RespClient.connect(port)]);
  try {
    const shown: unknown[] = [];
    await main.call("FLUSHALL");
    for (const argv of scenario.setup) {
      shown.push(show(await main.call(...argv)));
    }
    const answer: Promise<Resp2Value> = waiting.call(...scenario.blocker);
    shown.push({ blocked: await blockedClients(main, 1) });
    for (const argv of scenario.meanwhile) {
      shown.push(show(await main.call(...argv)));
    }
    shown.push({ answer: show(await answer) });
    shown.push({ blocked: await blockedClients(main, 0) });
    return shown;
  } finally {
    await Promise.all([main.close(), waiting.close()]);
  }
}

const groupOn = (key: string): string[] => ["XGROUP", "CREATE", key, "g", "$", "MKSTREAM"];
const NOGROUP = "-NOGROUP No such key 's' or consumer group 'g' in XREADGROUP with GROUP option";
const UNBLOCKED = "-UNBLOCKED the stream key no longer exists";
const deleted = { was: UNBLOCKED, now: NOGROUP };

const readGroup = (...keys: string[]): string[] => [
  "XREADGROUP",
  "GROUP",
  "g",
  "c",
  "BLOCK",
  "0",
  "STREAMS",
  ...keys,
  ...keys.map(() => ">"),
];

describe.runIf(canRunDifferential)("blocked stream reads (differential)", () => {
  let targets: Targets;

  beforeAll(async () => {
    targets = await startTargets();
  });

  afterAll(async () => {
    await targets.close();
  });

  const scenarios: Record<string, Scenario> = {
    "XREADGROUP: the stream is deleted": {
      setup: [groupOn("s")],
      blocker: readGroup("s"),
      meanwhile: [["DEL", "s"]],
      since72: deleted,
    },
    "XREADGROUP: the stream is replaced by a string": {
      setup: [groupOn("s")],
      blocker: readGroup("s"),
      meanwhile: [["SET", "s", "x"]],
      since72: {
        was: UNBLOCKED,
        now: "-WRONGTYPE Operation against a key holding the wrong kind of value",
      },
    },
    "XREADGROUP: FLUSHALL": {
      setup: [groupOn("s")],
      blocker: readGroup("s"),
      meanwhile: [["FLUSHALL"]],
      since72: deleted,
    },
    "XREADGROUP: FLUSHDB": {
      setup: [groupOn("s")],
      blocker: readGroup("s"),
      meanwhile: [["FLUSHDB"]],
      since72: deleted,
    },
    "XREADGROUP: SWAPDB with an empty database": {
      setup: [groupOn("s")],
      blocker: readGroup("s"),
      meanwhile: [["SWAPDB", "0", "9"]],
      since72: deleted,
    },
    "XREADGROUP: the group is destroyed": {
      setup: [groupOn("s")],
      blocker: readGroup("s"),
      meanwhile: [["XGROUP", "DESTROY", "s", "g"]],
      since72: {
        was: "-NOGROUP the consumer group this client was blocked on no longer exists",
        now: NOGROUP,
      },
    },
    "XREADGROUP naming the stream twice": {
      setup: [groupOn("s")],
      blocker: readGroup("s", "s"),
      meanwhile: [["XADD", "s", "5-1", "a", "1"]],
    },
    "XREAD naming the stream twice": {
      setup: [["XADD", "s", "1-1", "a", "1"]],
      blocker: ["XREAD", "BLOCK", "0", "STREAMS", "s", "s", "$", "$"],
      meanwhile: [["XADD", "s", "5-1", "b", "2"]],
      since72: {
        was: [["s", [["5-1", ["b", "2"]]]]],
        now: [
          ["s", [["5-1", ["b", "2"]]]],
          ["s", [["5-1", ["b", "2"]]]],
        ],
      },
    },
    "XREAD stays blocked when its stream is deleted, and is served by a new one": {
      setup: [["XADD", "s", "1-1", "a", "1"]],
      blocker: ["XREAD", "BLOCK", "0", "STREAMS", "s", "$"],
      meanwhile: [
        ["DEL", "s"],
        ["XADD", "s", "2-1", "b", "2"],
      ],
    },
  };

  for (const [name, scenario] of Object.entries(scenarios)) {
    test(name, async ({ expect }) => {
      const [stratus, redis] = await Promise.all([
        play(targets.ports.stratus, scenario),
        play(targets.ports.redis, scenario),
      ]);
      const since72 = scenario.since72;
      if (since72 === undefined) {
        expect(stratus).toEqual(redis);
        return;
      }
      const answerAt = scenario.setup.length + 1 + scenario.meanwhile.length;
      expect(redis[answerAt]).toEqual({ answer: since72.was });
      expect(stratus[answerAt]).toEqual({ answer: since72.now });
      expect(stratus.filter((_, at) => at !== answerAt)).toEqual(
        redis.filter((_, at) => at !== answerAt),
      );
    });
  }
});

/**
 * Pub/sub against redis-server 7.0: what a subscriber connection sees (confirmations and
 * messages) and what PUBLISH and PUBSUB CHANNELS/NUMSUB/NUMPAT answer on another connection.
 * Subscriber steps run on a `SentinelConnection`, so messages are attributed to steps. Patterns are chosen so that at
 * most one matches a channel, and UNSUBSCRIBE/PUNSUBSCRIBE without arguments are scripted with one
 * subscription only: Redis 7.0 walks its pattern and channel dicts in hash order there.
 */
import { Socket } from "node:net";
import { encodeResp2Command } from "@stratus/core/resp2";
import fc from "fast-check";
import { afterAll, beforeAll, describe, test } from "vitest";
import { command } from "./arbitraries.ts";
import { canRunDifferential, normalise, show, startTargets, type Targets } from "./harness.ts";
import { SentinelConnection } from "./sentinel-connection.ts";

type PubSubStep =
  | { readonly on: "sub"; readonly argv: readonly string[] }
  | { readonly on: "pub"; readonly argv: readonly string[] };

interface Side {
  readonly subscriber: SentinelConnection;
  readonly publisher: Targets["stratus"];
}

async function runSide(side: Side, steps: readonly PubSubStep[]): Promise<unknown[]> {
  const outputs: unknown[] = [];
  for (const step of steps) {
    if (step.on === "sub") {
      outputs.push(await side.subscriber.run(step.argv));
    } else {
      const reply = await side.publisher.call(...step.argv);
      const unordered = step.argv[0] === "PUBSUB" && step.argv[1] === "CHANNELS";
      outputs.push(normalise(reply, unordered ? "unordered" : "exact"));
    }
  }
  return outputs;
}

describe.skipIf(!canRunDifferential)("pub/sub against redis-server", () => {
  let targets: Targets;
  beforeAll(async () => {
    targets = await startTargets();
  });
  afterAll(async () => {
    await targets.close();
  });

  /** Runs `steps` with a fresh subscriber on each side; the [stratus, redis] outputs per step. */
  async function runBoth(steps: readonly PubSubStep[]): Promise<[unknown[], unknown[]]> {
    const [stratus, redis] = await Promise.all([
      SentinelConnection.open(targets.ports.stratus, 2),
      SentinelConnection.open(targets.ports.redis, 2),
    ]);
    try {
      return await Promise.all([
        runSide({ subscriber: stratus, publisher: targets.stratus }, steps),
        runSide({ subscriber: redis, publisher: targets.redis }, steps),
      ]);
    } finally {
      await Promise.all([stratus.close(), redis.close()]);
      // Wait until both servers have dropped the subscriber before the next script.
      for (const client of [targets.stratus, targets.redis]) {
        while (show(await client.call("PUBSUB", "NUMPAT")) !== 0) {
          await client.call("PING");
        }
        while (JSON.stringify(show(await client.call("PUBSUB", "CHANNELS"))) !== "[]") {
          await client.call("PING");
        }
      }
    }
  }

  const sub = (...argv: string[]): PubSubStep => ({ on: "sub", argv });
  const pub = (...argv: string[]): PubSubStep => ({ on: "pub", argv });

  const scripts: Record<string, PubSubStep[]> = {
    "SUBSCRIBE, PUBLISH and UNSUBSCRIBE": [
      pub("PUBLISH", "c1", "nobody"),
      sub("SUBSCRIBE", "c1", "c2", "c1"),
      pub("PUBLISH", "c1", "hello"),
      pub("PUBLISH", "c3", "nobody"),
      sub("UNSUBSCRIBE", "c2", "c9"),
      pub("PUBLISH", "c2", "gone"),
      pub("PUBLISH", "c1", "still"),
      sub("UNSUBSCRIBE"),
      sub("UNSUBSCRIBE"),
    ],
    "PSUBSCRIBE and PUNSUBSCRIBE": [
      sub("PSUBSCRIBE", "c*", "x?", "c*"),
      pub("PUBLISH", "c1", "a"),
      pub("PUBLISH", "x1", "b"),
      pub("PUBLISH", "x12", "c"),
      sub("SUBSCRIBE", "c1"),
      pub("PUBLISH", "c1", "both"),
      pub("PUBSUB", "NUMPAT"),
      sub("PUNSUBSCRIBE", "x?", "nope"),
      sub("UNSUBSCRIBE", "c1"),
      sub("PUNSUBSCRIBE"),
      sub("PUNSUBSCRIBE"),
      pub("PUBSUB", "NUMPAT"),
    ],
    "PUBSUB CHANNELS and NUMSUB": [
      pub("PUBSUB", "CHANNELS"),
      pub("PUBSUB", "NUMSUB"),
      pub("PUBSUB", "NUMSUB", "c1", "c2"),
      sub("SUBSCRIBE", "c1", "c2", "news.a", "news.b"),
      sub("PSUBSCRIBE", "p*"),
      pub("PUBSUB", "CHANNELS"),
      pub("PUBSUB", "CHANNELS", "news.*"),
      pub("PUBSUB", "CHANNELS", "p*"),
      pub("PUBSUB", "NUMSUB", "c1", "nope", "c1", "p*"),
      pub("PUBSUB", "NUMPAT"),
      pub("PUBSUB", "NUMPAT", "extra"),
      pub("PUBSUB", "NOSUCH"),
      pub("PUBSUB", "SHARDCHANNELS"),
      pub("PUBSUB", "SHARDNUMSUB", "c1"),
      pub("PUBSUB", "CHANNELS", "a", "b"),
      pub("PUBSUB", "SHARDCHANNELS", "a", "b"),
    ],
    "subscribed mode": [
      sub("SUBSCRIBE", "c1"),
      sub("SET", "k", "v"),
      sub("GET"),
      sub("NOSUCHCOMMAND"),
      sub("CLIENT", "NOSUCH"),
      sub("CLIENT", "ID"),
      sub("PING", "hello"),
      sub("ECHO", "x"),
      sub("MULTI"),
      sub("UNSUBSCRIBE", "c1"),
      sub("ECHO", "x"),
      sub("PING", "hello"),
      sub("PSUBSCRIBE", "p*"),
      sub("ECHO", "x"),
      sub("RESET"),
      sub("ECHO", "x"),
      pub("PUBSUB", "NUMPAT"),
      sub("SSUBSCRIBE", "s1"),
      sub("ECHO", "x"),
      sub("SUNSUBSCRIBE"),
      sub("ECHO", "x"),
    ],
    "shard subscriptions beside channel subscriptions": [
      sub("SUBSCRIBE", "c1"),
      sub("SSUBSCRIBE", "s1"),
      sub("SUNSUBSCRIBE", "s1"),
      sub("SUNSUBSCRIBE"),
      sub("UNSUBSCRIBE", "c1"),
      sub("ECHO", "x"),
    ],
    "SPUBLISH and SSUBSCRIBE": [
      pub("SPUBLISH", "s1", "nobody"),
      sub("SSUBSCRIBE", "s1", "s1"),
      pub("SPUBLISH", "s1", "hi"),
      pub("PUBLISH", "s1", "not sharded"),
      pub("PUBSUB", "SHARDCHANNELS"),
      pub("PUBSUB", "SHARDNUMSUB", "s1", "s2"),
      sub("SUNSUBSCRIBE", "s1"),
      pub("PUBSUB", "SHARDCHANNELS"),
    ],
  };

  for (const [name, steps] of Object.entries(scripts)) {
    test(name, async ({ expect }) => {
      const [stratus, redis] = await runBoth(steps);
      expect(steps.map((step, i) => [step.argv, stratus[i]])).toEqual(
        steps.map((step, i) => [step.argv, redis[i]]),
      );
    });
  }

  const channel = fc.constantFrom("c1", "c2", "x1", "other");
  const pattern = fc.constantFrom("c*", "x?");
  const step: fc.Arbitrary<PubSubStep> = fc.oneof(
    command("SUBSCRIBE", channel, channel).map((argv) => ({ on: "sub" as const, argv })),
    command("UNSUBSCRIBE", channel).map((argv) => ({ on: "sub" as const, argv })),
    command("PSUBSCRIBE", pattern).map((argv) => ({ on: "sub" as const, argv })),
    command("PUNSUBSCRIBE", pattern).map((argv) => ({ on: "sub" as const, argv })),
    command("PUBLISH", channel, fc.constantFrom("m", "")).map((argv) => ({
      on: "pub" as const,
      argv,
    })),
    command("PUBSUB", fc.constant("NUMSUB"), channel, channel).map((argv) => ({
      on: "pub" as const,
      argv,
    })),
    fc.constantFrom<PubSubStep>(pub("PUBSUB", "NUMPAT"), pub("PUBSUB", "CHANNELS")),
  );

  /**
   * SUBSCRIBE inside MULTI: EXEC's `*N` counts queued commands, but SUBSCRIBE a b writes two
   * confirmations, so the wire carries more messages than N (a client reads the extra ones as
   * pushes). Compared as raw bytes, up to the closing PING's subscribed-mode reply.
   */
  test("SUBSCRIBE inside MULTI: the same bytes on the wire", async ({ expect }) => {
    const script = [
      ["MULTI"],
      ["SUBSCRIBE", "a", "b"],
      ["PSUBSCRIBE", "p*"],
      ["UNSUBSCRIBE", "b", "a"],
      ["EXEC"],
      ["GET", "k"],
      ["PING"],
    ];
    const end = "*2\r\n$4\r\npong\r\n$0\r\n\r\n";
    const rawRun = (port: number): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = new Socket();
        let received = "";
        socket.once("error", reject);
        socket.on("data", (chunk: Buffer) => {
          received += chunk.toString("latin1");
          if (received.endsWith(end)) {
            socket.destroy();
            resolve(received);
          }
        });
        socket.connect(port, "127.0.0.1", () => {
          for (const argv of script) {
            socket.write(encodeResp2Command(argv));
          }
        });
      });
    const [stratus, redis] = await Promise.all([
      rawRun(targets.ports.stratus),
      rawRun(targets.ports.redis),
    ]);
    expect(stratus).toBe(redis);
    expect(redis).toContain("*3\r\n$9\r\nsubscribe\r\n$1\r\nb\r\n:2\r\n");
  });

  test("generated sequences give the same output", async ({ expect }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        const [stratus, redis] = await runBoth(steps);
        expect(steps.map((s, i) => [s.argv, stratus[i]])).toEqual(
          steps.map((s, i) => [s.argv, redis[i]]),
        );
      }),
      { numRuns: 40 },
    );
  });
});

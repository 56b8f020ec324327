/**
 * Global parallelism: at most the plan's `max_global_parallelism` deliveries are in flight per
 * queue instance, whatever their queue or flow-control key (100 on the default instance's free
 * plan; `--qstash-global-parallelism` sets another cap). The receiver holds requests open until
 * the test releases them, so the cap is observed, not timed.
 */
import { test } from "vitest";
import { startQueueFixture } from "./fixtures.ts";

async function globalParallelism(url: string, token: string) {
  const response = await fetch(`${url}/v2/globalParallelism`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as { parallelismMax: number; parallelismCount: number };
}

test("deliveries in flight never exceed the global cap; each one that ends lets the next start", async ({
  expect,
}) => {
  const fixture = await startQueueFixture({ globalParallelism: 3 });
  try {
    const { client, target, emulator } = fixture;
    target.answers = ["hang"];
    // Plain publishes, a queue with room for all and a flow-control key with room for all.
    await client.publish({ url: `${target.url}/a`, body: "1" });
    await client.publish({ url: `${target.url}/b`, body: "2" });
    await client.queue({ queueName: "wide" }).upsert({ parallelism: 10 });
    await client.queue({ queueName: "wide" }).enqueue({ url: `${target.url}/c`, body: "3" });
    await client.queue({ queueName: "wide" }).enqueue({ url: `${target.url}/d`, body: "4" });
    await client.publish({
      url: `${target.url}/e`,
      body: "5",
      flowControl: { key: "k", parallelism: 10 },
    });
    await target.waitFor(3);
    // One more turn: anything the pumps were going to start has started.
    await new Promise((resolve) => setImmediate(resolve));
    expect(target.deliveries).toHaveLength(3);
    expect(await globalParallelism(emulator.queueUrl, emulator.queueToken)).toEqual({
      parallelismMax: 3,
      parallelismCount: 3,
    });

    target.release();
    await target.waitFor(4);
    await new Promise((resolve) => setImmediate(resolve));
    expect(target.deliveries).toHaveLength(4);
    target.release();
    await target.waitFor(5);
    target.release();
    target.release();
    target.release();
    await fixture.settle();
    expect(new Set(target.deliveries.map((delivery) => delivery.path))).toEqual(
      new Set(["/a", "/b", "/c", "/d", "/e"]),
    );
    expect(await globalParallelism(emulator.queueUrl, emulator.queueToken)).toEqual({
      parallelismMax: 3,
      parallelismCount: 0,
    });
  } finally {
    await fixture.close();
  }
});

test("without the flag the cap is the plan's, as the management record shows", async ({
  expect,
}) => {
  const fixture = await startQueueFixture();
  try {
    const { emulator } = fixture;
    expect(await globalParallelism(emulator.queueUrl, emulator.queueToken)).toEqual({
      parallelismMax: 100,
      parallelismCount: 0,
    });
  } finally {
    await fixture.close();
  }
});

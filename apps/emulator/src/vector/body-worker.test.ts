import { once } from "node:events";
import { MessageChannel, Worker } from "node:worker_threads";
import { test } from "vitest";
import { type BodyJobDone, type BodyParts, type BodyWorkerData, JOB_DONE } from "./body-reader.ts";

test("parts that come after their job are handed back, and the main thread woken to take them", async ({
  expect,
}) => {
  const channel = new MessageChannel();
  const workerData: BodyWorkerData = { results: channel.port2 };
  const worker = new Worker(new URL("./body-worker.ts", import.meta.url), {
    // The worker from the TypeScript sources (the test runner's loader is its own).
    execArgv: [
      "--conditions=@stratus/source",
      "--import",
      new URL("../../test/support/register-ts.mjs", import.meta.url).href,
    ],
    workerData,
    transferList: [channel.port2],
  });
  try {
    const [ready] = await once(worker, "message");
    expect(ready).toBe("ready");
    const part = new Uint8Array([1, 2, 3, 0, 255]);
    // No job of this id is running: the job ended before these parts came.
    const late: BodyParts = { id: 7, chunks: [2], parts: [part.slice().buffer] };
    worker.postMessage(late, [...late.parts]);
    const [woken] = await once(worker, "message");
    expect(woken).toBe(JOB_DONE);
    const [done] = (await once(channel.port1, "message")) as [BodyJobDone];
    expect(done.id).toBe(7);
    expect(done.done).toBe(true);
    expect(done.parts.map((handedBack) => [...new Uint8Array(handedBack)])).toEqual([[...part]]);
  } finally {
    channel.port1.close();
    await worker.terminate();
  }
});

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "vitest";
import { QueuePersistence, type QueueSnapshot } from "./persistence.ts";

function stateWith(keys: readonly string[]): QueueSnapshot {
  const queues = new Map<string, unknown>(keys.map((key) => [key, { key }]));
  return new Map([["default", new Map([["queue", queues]])]]);
}

test("a record appended while an earlier snapshot is written survives the next snapshot", async ({
  expect,
}) => {
  const directory = await mkdtemp(join(tmpdir(), "stratus-queue-persistence-"));
  try {
    const open = (): Promise<QueuePersistence> =>
      QueuePersistence.open({ directory, fsync: "always", onWarning: () => undefined });
    const persistence = await open();
    persistence.put({ instance: "default", kind: "queue", key: "a", value: { key: "a" } });
    await persistence.flush();
    const first = persistence.snapshot(stateWith(["a"]));
    const second = persistence.snapshot(stateWith(["a"]));
    // Appended after `second`'s state was taken, while `first` is still being written.
    persistence.put({ instance: "default", kind: "queue", key: "b", value: { key: "b" } });
    await persistence.flush();
    await Promise.all([first, second]);
    await persistence.close(undefined);

    const reopened = await open();
    expect([...(reopened.initial.get("default")?.get("queue")?.keys() ?? [])].sort()).toEqual([
      "a",
      "b",
    ]);
    await reopened.close(undefined);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
});

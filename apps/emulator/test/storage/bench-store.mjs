/**
 * Append throughput of the store under each fsync policy, on the real code (compiled on the fly).
 *
 *   node --import ./apps/emulator/test/support/register-ts.mjs \
 *     apps/emulator/test/storage/bench-store.mjs [directory] [payloadBytes]
 *
 * The directory defaults to the OS temp dir; pass one on the disk you care about (tmpfs makes
 * fsync free). Three shapes per policy, one second each:
 * - sequential: one writer that awaits `flush()` after every append (one client, no pipelining);
 * - 64 writers: 64 such writers at once, which group commit batches;
 * - pipelined: appends without waiting, one `flush()` per 1000 records.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FSYNC_POLICIES, openStore } from "../../src/storage/store.ts";

const [parent = tmpdir(), payloadArgument = "128"] = process.argv.slice(2);
const payload = new Uint8Array(Number(payloadArgument)).fill(0x61);
const DURATION_MS = 1000;

async function measure(fsync, run) {
  const dataDir = await mkdtemp(join(parent, "stratus-bench-"));
  try {
    const store = await openStore({ dataDir, name: "bench", fsync });
    const deadline = performance.now() + DURATION_MS;
    const started = performance.now();
    const records = await run(store, () => performance.now() < deadline);
    const elapsedMs = performance.now() - started;
    await store.close();
    return Math.round((records * 1000) / elapsedMs);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function writer(store, isRunning) {
  let records = 0;
  while (isRunning()) {
    store.append(payload);
    await store.flush();
    records++;
  }
  return records;
}

const shapes = {
  sequential: (store, isRunning) => writer(store, isRunning),
  "64 writers": async (store, isRunning) => {
    const counts = await Promise.all(Array.from({ length: 64 }, () => writer(store, isRunning)));
    return counts.reduce((sum, count) => sum + count, 0);
  },
  pipelined: async (store, isRunning) => {
    let records = 0;
    while (isRunning()) {
      for (let index = 0; index < 1000; index++) {
        store.append(payload);
      }
      records += 1000;
      await store.flush();
    }
    return records;
  },
};

const rows = [];
for (const fsync of FSYNC_POLICIES) {
  const row = { fsync };
  for (const [shape, run] of Object.entries(shapes)) {
    row[shape] = await measure(fsync, run);
  }
  rows.push(row);
}
process.stdout.write(`records/s, ${payload.byteLength}-byte payloads, in ${parent}\n`);
process.stdout.write(
  `${["fsync", ...Object.keys(shapes)].map((cell) => cell.padStart(12)).join("")}\n`,
);
for (const row of rows) {
  process.stdout.write(
    `${Object.values(row)
      .map((cell) => `${cell}`.padStart(12))
      .join("")}\n`,
  );
}

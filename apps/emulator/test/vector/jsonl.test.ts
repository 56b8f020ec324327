import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Index } from "@upstash/vector";
import { test } from "vitest";
import { createEmulator } from "../../src/index.ts";
import { runRdbCommand } from "../../src/rdb-cli.ts";

const vector = (seed: number): number[] =>
  Array.from({ length: 384 }, (_, i) => Math.sin(seed + i));

test("a vector index round-trips through JSON Lines, every namespace", async ({ expect }) => {
  const dir = mkdtempSync(join(tmpdir(), "stratus-jsonl-"));
  try {
    const source = join(dir, "source");
    {
      await using emulator = await createEmulator({ port: 0, respPort: null, dataDir: source });
      const index = new Index({ url: emulator.vectorUrl, token: emulator.vectorToken });
      await index.upsert({ id: "a", vector: vector(1), metadata: { kind: "x" }, data: "first" });
      await index.upsert({ id: "b", vector: vector(2) });
      await index.upsert(
        { id: "c", vector: vector(3), metadata: { n: 1 } },
        { namespace: "other" },
      );
    }
    const file = join(dir, "index.jsonl");
    expect(
      await runRdbCommand(["export", file, "--vector-index", "default", "--data-dir", source]),
    ).toBe(`exported 3 vectors of the index "default" to ${file}\n`);
    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.id, line.namespace])).toEqual([
      ["a", ""],
      ["b", ""],
      ["c", "other"],
    ]);
    const target = join(dir, "target");
    expect(
      await runRdbCommand(["import", file, "--vector-index", "default", "--data-dir", target]),
    ).toBe(`imported 3 vectors from ${file} into the index "default"\n`);
    await using emulator = await createEmulator({ port: 0, respPort: null, dataDir: target });
    const index = new Index({ url: emulator.vectorUrl, token: emulator.vectorToken });
    const [a] = await index.fetch(["a"], {
      includeMetadata: true,
      includeData: true,
      includeVectors: true,
    });
    expect(a).toMatchObject({ id: "a", metadata: { kind: "x" }, data: "first" });
    expect(a?.vector?.[0]).toBeCloseTo(Math.sin(1), 5);
    expect(await index.fetch(["c"], { namespace: "other", includeMetadata: true })).toEqual([
      { id: "c", metadata: { n: 1 } },
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a malformed line is named and nothing is written", async ({ expect }) => {
  const dir = mkdtempSync(join(tmpdir(), "stratus-jsonl-"));
  try {
    const file = join(dir, "bad.jsonl");
    writeFileSync(file, `${JSON.stringify({ id: "a", vector: vector(1) })}\n{not json\n`);
    await expect(
      runRdbCommand(["import", file, "--vector-index", "default", "--data-dir", join(dir, "d")]),
    ).rejects.toThrow(/line 2: not JSON/);
    await using emulator = await createEmulator({
      port: 0,
      respPort: null,
      dataDir: join(dir, "d"),
    });
    expect(emulator.vector.getIndex("default")?.stats().vectorCount ?? 0).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

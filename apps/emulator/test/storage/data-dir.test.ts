import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, test } from "vitest";
import { DATA_DIR_AREAS, openDataDir } from "../../src/storage/data-dir.ts";
import { openStore } from "../../src/storage/store.ts";
import { createTempDir } from "./fixtures/temp-dir.ts";

/** A Node process that runs until its stdin closes, to hold a lock from another pid. */
function spawnIdleProcess(): ChildProcess & AsyncDisposable {
  const child = spawn(process.execPath, ["-e", "process.stdin.resume()"], {
    stdio: ["pipe", "ignore", "inherit"],
  });
  return Object.assign(child, {
    async [Symbol.asyncDispose]() {
      const exited = once(child, "exit");
      child.kill();
      await exited;
    },
  });
}

/** The pid of a process that has exited: what a crashed emulator leaves in its lock. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await once(child, "exit");
  return child.pid ?? 0;
}

describe("openDataDir", () => {
  test("creates a folder per owner and a LOCK holding the pid; close releases it", async ({
    expect,
  }) => {
    await using temp = await createTempDir();
    const path = join(temp.path, "data");

    // When
    const dir = await openDataDir(path);

    // Then
    expect((await readdir(path)).sort()).toEqual(["LOCK", ...DATA_DIR_AREAS].sort());
    expect(await readFile(join(path, "LOCK"), "utf8")).toBe(`${process.pid}\n`);
    expect(dir.path).toBe(path);
    expect(dir.areas).toEqual({
      kv: join(path, "kv"),
      vector: join(path, "vector"),
      search: join(path, "search"),
      management: join(path, "management"),
      metrics: join(path, "metrics"),
      queues: join(path, "queues"),
    });
    await dir.close();
    await dir.close();
    expect(await readdir(path)).not.toContain("LOCK");
  });

  test("an area holds stores", async ({ expect }) => {
    await using temp = await createTempDir();
    await using dir = await openDataDir(temp.path);
    const store = await openStore({ dataDir: dir.areas.kv, name: "kv" });
    store.append(new Uint8Array([1]));
    await store.close();

    expect(await readdir(dir.areas.kv)).toEqual(["kv.1.log"]);
  });

  test("a second open in the same process is ERR_DATA_DIR_LOCKED until the first closes", async ({
    expect,
  }) => {
    await using temp = await createTempDir();
    const first = await openDataDir(temp.path);

    await expect(openDataDir(temp.path)).rejects.toMatchObject({
      name: "EmulatorError",
      code: "ERR_DATA_DIR_LOCKED",
      message: expect.stringContaining(`in use by process ${process.pid}`),
    });
    await first.close();
    await using second = await openDataDir(temp.path);
    expect(second.path).toBe(temp.path);
  });

  test("a lock held by another live process is ERR_DATA_DIR_LOCKED with its pid", async ({
    expect,
  }) => {
    await using temp = await createTempDir();
    await using holder = spawnIdleProcess();
    await writeFile(join(temp.path, "LOCK"), `${holder.pid}\n`);

    await expect(openDataDir(temp.path)).rejects.toMatchObject({
      code: "ERR_DATA_DIR_LOCKED",
      message:
        `Data directory ${temp.path} is in use by process ${holder.pid} ` +
        `(${join(temp.path, "LOCK")}). Stop that emulator or use another data directory; if no ` +
        `emulator is running, delete ${join(temp.path, "LOCK")}.`,
    });
    // The holder's lock is left alone.
    expect(await readFile(join(temp.path, "LOCK"), "utf8")).toBe(`${holder.pid}\n`);
  });

  test.for([
    ["a dead process", async (): Promise<string> => `${await deadPid()}\n`],
    ["no pid", async (): Promise<string> => ""],
    ["garbage", async (): Promise<string> => "not a pid"],
  ] as const)("a stale lock holding %s is taken over", async ([, content], { expect }) => {
    await using temp = await createTempDir();
    await writeFile(join(temp.path, "LOCK"), await content());

    await using dir = await openDataDir(temp.path);

    expect(await readFile(join(dir.path, "LOCK"), "utf8")).toBe(`${process.pid}\n`);
  });

  test("a lock naming this process but not held by it (a restarted pid 1) is stale", async ({
    expect,
  }) => {
    await using temp = await createTempDir();
    await writeFile(join(temp.path, "LOCK"), `${process.pid}\n`);

    await using dir = await openDataDir(temp.path);

    expect(await readFile(join(dir.path, "LOCK"), "utf8")).toBe(`${process.pid}\n`);
  });

  test("close never deletes a lock another process has taken since", async ({ expect }) => {
    await using temp = await createTempDir();
    await using holder = spawnIdleProcess();
    const dir = await openDataDir(temp.path);
    await writeFile(join(temp.path, "LOCK"), `${holder.pid}\n`);

    await dir.close();

    expect(await readFile(join(temp.path, "LOCK"), "utf8")).toBe(`${holder.pid}\n`);
  });
});

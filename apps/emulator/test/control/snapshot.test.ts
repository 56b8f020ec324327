/**
 * Whole-emulator snapshots (issue 23): `POST /_stratus/snapshot` and `stratus-emulator snapshot
 * save|load` carry every database, vector index, search database, queue instance, management
 * record and token into a data directory, observed with the official SDKs after a restart on it.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@upstash/qstash";
import { Redis } from "@upstash/redis";
import { Search } from "@upstash/search";
import { Index } from "@upstash/vector";
import { describe, type ExpectStatic, test } from "vitest";
import { createEmulator, type Emulator } from "../../src/index.ts";
import { runSnapshotCommand } from "../../src/snapshot-cli.ts";
import { API_KEY, basicAuth, CREATE_DATABASE, EMAIL } from "../management/fixtures.ts";

async function withTemporary<TResult>(run: (dir: string) => Promise<TResult>): Promise<TResult> {
  const dir = await mkdtemp(join(tmpdir(), "stratus-snapshot-"));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function redisOf(emulator: Emulator, database?: { url: string; token: string }): Redis {
  return new Redis({
    url: database?.url ?? emulator.url,
    token: database?.token ?? emulator.token,
    enableAutoPipelining: false,
  });
}

/** Puts something in every product; returns the created database's URL and token. */
async function fill(emulator: Emulator): Promise<{ url: string; token: string }> {
  const redis = redisOf(emulator);
  await redis.set("greeting", "hello");
  await redis.hset("user:1", { name: "Ada" });
  await redis.set("binary", "\u0000\u00ff");
  await redis.set("soon", "gone", { ex: 3600 });
  const created = await emulator.fetch(`${emulator.managementUrl}/redis/database`, {
    method: "POST",
    headers: { authorization: basicAuth(EMAIL, API_KEY), "content-type": "application/json" },
    body: JSON.stringify(CREATE_DATABASE),
  });
  const database = (await created.json()) as { rest_url: string; rest_token: string };
  await redisOf(emulator, { url: database.rest_url, token: database.rest_token }).set(
    "in",
    "cache",
  );
  await new Index({ url: emulator.vectorUrl, token: emulator.vectorToken }).upsert({
    id: "v1",
    data: "a document about snapshots",
    metadata: { kind: "doc" },
  });
  await new Search({ url: emulator.searchUrl, token: emulator.searchToken })
    .index("books")
    .upsert({ id: "b1", content: { title: "Dune" } });
  await new Client({ baseUrl: emulator.queueUrl, token: emulator.queueToken })
    .queue({ queueName: "orders" })
    .upsert({ parallelism: 2 });
  return { url: database.rest_url, token: database.rest_token };
}

/** What {@link fill} put there, read from `emulator` (a restart elsewhere: other ports). */
async function expectFilled(
  expect: ExpectStatic,
  { emulator, original }: { emulator: Emulator; original: Emulator },
): Promise<void> {
  expect(emulator.email).toBe(original.email);
  expect(emulator.apiKey).toBe(original.apiKey);
  expect(emulator.token).toBe(original.token);
  const redis = redisOf(emulator);
  expect(await redis.get("greeting")).toBe("hello");
  expect(await redis.hgetall("user:1")).toEqual({ name: "Ada" });
  expect(await redis.get("binary")).toBe("\u0000\u00ff");
  expect(await redis.ttl("soon")).toBeGreaterThan(3500);
  const listed = await emulator.fetch(`${emulator.managementUrl}/redis/databases`, {
    headers: { authorization: basicAuth(EMAIL, API_KEY) },
  });
  const cache = (
    (await listed.json()) as { database_name: string; rest_url: string; rest_token: string }[]
  ).find((entry) => entry.database_name === CREATE_DATABASE.database_name);
  expect(cache).toBeDefined();
  expect(
    await redisOf(emulator, { url: cache?.rest_url ?? "", token: cache?.rest_token ?? "" }).get(
      "in",
    ),
  ).toBe("cache");
  expect(emulator.vectorToken).toBe(original.vectorToken);
  const [vector] = await new Index({ url: emulator.vectorUrl, token: emulator.vectorToken }).fetch(
    ["v1"],
    { includeMetadata: true },
  );
  expect(vector?.metadata).toEqual({ kind: "doc" });
  const [book] = await new Search({ url: emulator.searchUrl, token: emulator.searchToken })
    .index("books")
    .fetch({ ids: ["b1"] });
  expect(book?.content).toEqual({ title: "Dune" });
  expect(emulator.queueToken).toBe(original.queueToken);
  const queue = await new Client({ baseUrl: emulator.queueUrl, token: emulator.queueToken })
    .queue({ queueName: "orders" })
    .get();
  expect(queue).toMatchObject({ name: "orders", parallelism: 2 });
}

/** An emulator in memory with something in every product. */
async function startFilled(): Promise<Emulator> {
  const emulator = await createEmulator({ port: 0, respPort: null, email: EMAIL, apiKey: API_KEY });
  await fill(emulator);
  return emulator;
}

describe("snapshots of the whole emulator", () => {
  test("POST /_stratus/snapshot → snapshot load → a restart on it serves everything", async ({
    expect,
  }) => {
    await withTemporary(async (dir) => {
      await using original = await startFilled();
      const url = `${original.url}/_stratus/snapshot`;
      expect((await fetch(url, { method: "POST" })).status).toBe(401);
      const answer = await fetch(url, {
        method: "POST",
        headers: { authorization: basicAuth(EMAIL, API_KEY) },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/x-tar");
      const file = join(dir, "snapshot.tar");
      await writeFile(file, new Uint8Array(await answer.arrayBuffer()));

      const dataDir = join(dir, "data");
      expect(await runSnapshotCommand(["snapshot", "load", file, "--data-dir", dataDir])).toMatch(
        /^loaded .*snapshot\.tar into .*data \(\d+ files\)\n$/,
      );
      // Not over data, unless --force.
      await expect(
        runSnapshotCommand(["snapshot", "load", file, "--data-dir", dataDir]),
      ).rejects.toThrow(/already holds data .*--force/);
      await runSnapshotCommand(["snapshot", "load", file, "--data-dir", dataDir, "--force"]);

      // No flags: the credentials, like every token, come from the snapshot.
      await using restored = await createEmulator({ port: 0, respPort: null, dataDir });
      await expectFilled(expect, { emulator: restored, original });
    });
  });

  test("snapshot save into a directory makes a data directory; a damaged file loads nothing", async ({
    expect,
  }) => {
    await withTemporary(async (dir) => {
      await using original = await startFilled();
      const saved = join(dir, "saved");
      const remote = ["--url", original.url, "--email", EMAIL, "--api-key", API_KEY];
      expect(await runSnapshotCommand(["snapshot", "save", `${saved}/`, ...remote])).toMatch(
        /\(directory\)\n$/,
      );
      const file = join(dir, "snapshot.tar");
      expect(await runSnapshotCommand(["snapshot", "save", file, ...remote])).toMatch(
        /\(file, \d+ bytes\)\n$/,
      );
      await expect(
        runSnapshotCommand(["snapshot", "save", file, "--url", original.url]),
      ).rejects.toThrow(/needs --email and --api-key/);
      await expect(
        runSnapshotCommand([
          "snapshot",
          "save",
          file,
          "--url",
          original.url,
          "--email",
          EMAIL,
          "--api-key",
          "wrong",
        ]),
      ).rejects.toThrow(/answered 401/);

      // A flipped byte inside a store's snapshot: refused whole, the data directory untouched.
      const bytes = Buffer.from(await readFile(file));
      const damagedAt = bytes.indexOf("STRATSNP") + 40;
      bytes[damagedAt] = (bytes[damagedAt] ?? 0) ^ 0xff;
      await writeFile(join(dir, "damaged.tar"), bytes);
      const target = join(dir, "target");
      await expect(
        runSnapshotCommand(["snapshot", "load", join(dir, "damaged.tar"), "--data-dir", target]),
      ).rejects.toThrow(/damaged\.tar: /);

      {
        await using restored = await createEmulator({ port: 0, respPort: null, dataDir: saved });
        await expectFilled(expect, { emulator: restored, original });
      }
      // With no emulator running on a data directory, save reads the directory itself.
      const offline = join(dir, "offline.tar");
      await runSnapshotCommand(["snapshot", "save", offline, "--data-dir", saved]);
      await runSnapshotCommand(["snapshot", "load", offline, "--data-dir", target]);
      await using again = await createEmulator({ port: 0, respPort: null, dataDir: target });
      await expectFilled(expect, { emulator: again, original });
    });
  });

  test("a damaged connection.json is reported, not thrown as a parse error", async ({ expect }) => {
    await withTemporary(async (dir) => {
      await writeFile(join(dir, "connection.json"), "{ not json");
      await expect(
        runSnapshotCommand(["snapshot", "save", join(dir, "out.tar"), "--data-dir", dir]),
      ).rejects.toThrow(/connection\.json cannot be read; pass --url/);
    });
  });

  test("over a proxied Redis the snapshot is refused with the reason", async ({ expect }) => {
    await using proxied = await createEmulator({
      port: 0,
      respPort: null,
      email: EMAIL,
      apiKey: API_KEY,
      redisUrl: "redis://127.0.0.1:1",
    });
    const answer = await proxied.fetch(`${proxied.url}/_stratus/snapshot`, {
      method: "POST",
      headers: { authorization: basicAuth(EMAIL, API_KEY) },
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toMatch(
      /proxied Redis \(--redis-url\)/,
    );
  });
});

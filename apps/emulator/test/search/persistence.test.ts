/**
 * Search persistence: search databases live in the vector store (their own `search/` area of the
 * data directory), so documents, indexes, tokens and databases made through `/v2` survive a clean
 * restart, and acknowledged upserts survive SIGKILL of a real emulator.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Search } from "@upstash/search";
import { test } from "vitest";
import { createEmulator } from "../../src/index.ts";
import { MOVIES } from "./fixtures.ts";

const REGISTER_TS = fileURLToPath(new URL("../support/register-ts.mjs", import.meta.url));
const CHILD = fileURLToPath(new URL("./search-child.mjs", import.meta.url));
const AUTH = `Basic ${Buffer.from("dev@example.com:key").toString("base64")}`;

async function withDirectory(run: (directory: string) => Promise<void>): Promise<void> {
  const directory = await mkdtemp(join(tmpdir(), "stratus-search-"));
  try {
    await run(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function client(url: string, token: string): Search {
  return new Search({ url, token, retry: false, enableTelemetry: false });
}

test("documents, indexes, tokens and /v2 databases survive a restart", async ({ expect }) => {
  await withDirectory(async (dataDir) => {
    const options = { port: 0, respPort: null, dataDir, email: "dev@example.com", apiKey: "key" };
    const first = await createEmulator(options);
    await client(first.searchUrl, first.searchToken).index("movies").upsert(MOVIES);
    const created = (await (
      await first.fetch(`${first.url}/v2/search`, {
        method: "POST",
        headers: { authorization: AUTH },
        body: JSON.stringify({ name: "docs", region: "eu-west-1", type: "payg" }),
      })
    ).json()) as { id: string; rest_url: string; token: string };
    await client(created.rest_url, created.token)
      .index("manuals")
      .upsert({ id: "oven", content: { text: "clean the oven door" } });
    await client(first.searchUrl, first.searchToken).index("movies").delete("heat");
    const { searchToken } = first;
    await first.close();

    await using second = await createEmulator(options);
    expect(second.searchToken).toBe(searchToken);
    const movies = client(second.searchUrl, second.searchToken).index("movies");
    expect(await movies.info()).toEqual({ documentCount: 4, pendingDocumentCount: 0 });
    expect((await movies.search({ query: "dream thief" }))[0]?.id).toBe("inception");
    expect(await movies.fetch(["heat"])).toEqual([null]);
    // The /v2 database's URL and token are the same after the restart, and it is listed once.
    const port = new URL(second.url).port;
    const restUrl = created.rest_url.replace(/:\d+\//, `:${port}/`);
    const manuals = client(restUrl, created.token).index("manuals");
    expect((await manuals.search({ query: "oven" })).map((hit) => hit.id)).toEqual(["oven"]);
    const listed = (await (
      await second.fetch(`${second.url}/v2/search`, { headers: { authorization: AUTH } })
    ).json()) as { name: string }[];
    expect(listed.map((record) => record.name)).toEqual(["default", "docs"]);
  });
});

test("acknowledged upserts survive SIGKILL of a real emulator", { timeout: 60_000 }, async ({
  expect,
}) => {
  await withDirectory(async (dataDir) => {
    const child = spawn(
      process.execPath,
      ["--conditions=@stratus/source", "--import", REGISTER_TS, CHILD, dataDir],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once("line", resolve);
      child.once("exit", () => reject(new Error("the emulator child exited before it was ready")));
    });
    const { searchUrl, searchToken } = JSON.parse(firstLine) as {
      searchUrl: string;
      searchToken: string;
    };
    const index = client(searchUrl, searchToken).index("docs");

    // Given three writers upserting until 100 upserts are acknowledged, then a SIGKILL
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (writerId: number): Promise<void> => {
      for (let n = 0; !killed; n++) {
        const id = `w${writerId}-${n}`;
        try {
          await index.upsert({ id, content: { text: `document ${id}` } });
        } catch {
          return; // the process died with this write in flight: never acknowledged
        }
        acknowledged.push(id);
        if (acknowledged.length >= 100 && !killed) {
          killed = true;
          child.kill("SIGKILL");
        }
      }
    };
    await Promise.all([0, 1, 2].map((writerId) => writer(writerId)));
    await exited;

    // Then a restarted emulator has every acknowledged upsert, under the same token
    await using restarted = await createEmulator({ port: 0, respPort: null, dataDir });
    expect(restarted.searchToken).toBe(searchToken);
    const fetched = await client(restarted.searchUrl, restarted.searchToken)
      .index("docs")
      .fetch(acknowledged);
    const missing = acknowledged.filter(
      (id, i) => fetched[i]?.content["text"] !== `document ${id}`,
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);
    expect(missing).toEqual([]);
  });
});

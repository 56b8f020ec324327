import { describe, test } from "vitest";
import { documentDataset, SearchCallError, seedDocuments } from "./search-seed.ts";
import { startEmulator } from "./start-emulator.ts";

async function call(
  target: { url: string; token: string; fetch?: typeof fetch },
  path: string,
  body: unknown,
): Promise<unknown> {
  const response = await (target.fetch ?? fetch)(`${target.url}/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${target.token}` },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { result?: unknown }).result;
}

describe("search documents", () => {
  test("datasets are deterministic", ({ expect }) => {
    expect(documentDataset({ count: 3, seed: 7 })).toEqual(documentDataset({ count: 3, seed: 7 }));
    expect(documentDataset({ seed: 7 })).not.toEqual(documentDataset({ seed: 8 }));
    expect(documentDataset({ count: 2 })[1]).toMatchObject({
      id: "doc-1",
      content: { topic: "history" },
      metadata: { n: 1, parity: "odd" },
    });
  });

  test("seed the default search database and a created one", async ({ expect }) => {
    await using emu = await startEmulator();
    await seedDocuments(emu.search, {
      index: "articles",
      documents: documentDataset({ count: 1500 }),
    });
    expect(await call(emu.search, "info", [])).toMatchObject({
      namespaces: { articles: { vectorCount: 1500, pendingVectorCount: 0 } },
    });
    const created = await emu.createSearchDatabase("second");
    await seedDocuments(created, { index: "x", documents: documentDataset({ count: 4 }) });
    const hits = (await call(created, "search/x", {
      query: "river",
      filter: "@metadata.parity = 'even'",
    })) as { metadata: { parity: string } }[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.metadata.parity === "even")).toBe(true);
    await expect(
      seedDocuments(
        { ...created, token: created.readOnlyToken },
        { index: "x", documents: documentDataset({ count: 1 }) },
      ),
    ).rejects.toThrow(SearchCallError);
  });
});

/** The search client against the emulator's default search database. */
import { startEmulator, type TestEmulator } from "@stratus/testing";
import { afterAll, beforeAll, describe, test } from "vitest";
import { createSearch, HttpError, type Search, UsageError } from "../src/index.ts";

type Recipe = { title: string; text: string };
type RecipeMetadata = { minutes: number };

let emu: TestEmulator;
let search: Search;

beforeAll(async () => {
  emu = await startEmulator();
  search = createSearch({ url: emu.emulator.searchUrl, token: emu.emulator.searchToken });
});
afterAll(async () => {
  await search.close();
  await emu.stop();
});

describe("createSearch", () => {
  test("typed documents: upsert, search, fetch, range, delete, info", async ({ expect }) => {
    const recipes = search.index<Recipe, RecipeMetadata>("recipes");
    expect(
      await recipes.upsert([
        {
          id: "pie",
          content: { title: "Apple pie", text: "bake apples" },
          metadata: { minutes: 60 },
        },
        { id: "salad", content: { title: "Green salad", text: "toss leaves" } },
      ]),
    ).toBe("Success");
    const hits = await recipes.search({ query: "apple pie", limit: 1 });
    expect(hits).toEqual([
      {
        id: "pie",
        content: { title: "Apple pie", text: "bake apples" },
        metadata: { minutes: 60 },
        score: expect.any(Number),
      },
    ]);
    const title: string | undefined = hits[0]?.content.title;
    expect(title).toBe("Apple pie");
    expect(
      (await recipes.search({ query: "anything", filter: "@metadata.minutes > 30", limit: 5 })).map(
        (hit) => hit.id,
      ),
    ).toEqual(["pie"]);
    expect(await recipes.fetch({ ids: ["salad", "nope"] })).toEqual([
      { id: "salad", content: { title: "Green salad", text: "toss leaves" } },
      null,
    ]);
    const page = await recipes.range({ cursor: "0", limit: 1 });
    expect([page.documents.map((doc) => doc.id), page.nextCursor]).toEqual([["pie"], "1"]);
    expect(await recipes.info()).toEqual({ documentCount: 2, pendingDocumentCount: 0 });
    expect(await search.listIndexes()).toContain("recipes");
    expect((await search.info()).indexes["recipes"]).toEqual({
      documentCount: 2,
      pendingDocumentCount: 0,
    });
    expect(await recipes.delete({ filter: "title GLOB 'Green*'" })).toEqual({ deleted: 1 });
    expect(await recipes.reset()).toBe("Success");
    expect(await recipes.deleteIndex()).toBe("Success");
  });

  test("bad requests are refused before sending; server errors are HttpErrors", async ({
    expect,
  }) => {
    const index = search.index("errors");
    await expect(index.search({ query: "x", semanticWeight: 2 })).rejects.toThrow(UsageError);
    await expect(index.search({ query: "x", semanticWeight: 2 })).rejects.toThrow(
      "semanticWeight must be between 0 and 1",
    );
    await expect(index.deleteIndex()).rejects.toThrow(HttpError);
    expect(() => search.index("")).toThrow("A search index needs a name.");
  });
});

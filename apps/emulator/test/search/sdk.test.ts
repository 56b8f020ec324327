/**
 * The real `@upstash/search` SDK, unmodified, against a live emulator over a socket (issue 20):
 * upsert, search (filters, semantic weight, re-ranking), fetch, delete, range, reset, indexes,
 * info, the read-only token and the indexing delay.
 */
import { describe, test } from "vitest";
import { MOVIES, type Movie, type MovieMetadata, startSearchServer } from "./fixtures.ts";

async function post(url: string, token: string, body: unknown) {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("@upstash/search against the emulator", () => {
  test("upsert, search, fetch, range, info, list indexes", async ({ expect }) => {
    await using server = await startSearchServer();
    const client = server.client();
    const movies = client.index<Movie, MovieMetadata>("movies");
    expect(await movies.upsert(MOVIES)).toBe("Success");
    expect(await movies.upsert({ id: "solo", content: MOVIES[0]?.content as Movie })).toBe(
      "Success",
    );

    const hits = await movies.search({ query: "space opera rebels", limit: 3 });
    expect(hits[0]).toMatchObject({
      id: "star-wars",
      content: MOVIES[0]?.content,
      metadata: MOVIES[0]?.metadata,
    });
    expect(hits).toHaveLength(3);
    for (const hit of hits) {
      expect(hit.score).toBeGreaterThanOrEqual(0);
      expect(hit.score).toBeLessThanOrEqual(1);
    }
    expect(hits.map((hit) => hit.score)).toEqual(
      [...hits.map((hit) => hit.score)].sort((a, b) => b - a),
    );
    // The default limit is 5.
    expect(await movies.search({ query: "movie" })).toHaveLength(5);

    expect(await movies.fetch(["heat", "nobody"])).toEqual([
      { id: "heat", content: MOVIES[3]?.content, metadata: MOVIES[3]?.metadata },
      null,
    ]);
    expect((await movies.fetch({ prefix: "in" })).map((doc) => doc?.id)).toEqual([
      "inception",
      "interstellar",
    ]);
    // `solo` has no metadata: the key is absent, as the SDK maps it to undefined.
    expect(await movies.fetch({ ids: ["solo"] })).toEqual([
      { id: "solo", content: MOVIES[0]?.content, metadata: undefined },
    ]);

    const first = await movies.range({ cursor: "0", limit: 4 });
    expect(first.documents.map((doc) => doc.id)).toEqual([
      "star-wars",
      "inception",
      "godfather",
      "heat",
    ]);
    expect(first.documents[0]).toEqual({
      id: "star-wars",
      content: MOVIES[0]?.content,
      metadata: MOVIES[0]?.metadata,
    });
    const second = await movies.range({ cursor: first.nextCursor, limit: 4 });
    expect(second.documents.map((doc) => doc.id)).toEqual(["interstellar", "solo"]);
    expect(second.nextCursor).toBe("");
    const prefixed = await movies.range({ cursor: "0", limit: 1, prefix: "in" });
    expect([prefixed.documents.map((doc) => doc.id), prefixed.nextCursor]).toEqual([
      ["inception"],
      "1",
    ]);

    await client.index("books").upsert({ id: "b1", content: { title: "Dune" } });
    expect(await client.listIndexes()).toEqual(["movies", "books"]);
    expect(await movies.info()).toEqual({ documentCount: 6, pendingDocumentCount: 0 });
    expect(await client.index("nothing").info()).toEqual({
      documentCount: 0,
      pendingDocumentCount: 0,
    });
    const info = await client.info();
    expect(info).toMatchObject({
      documentCount: 7,
      pendingDocumentCount: 0,
      indexes: {
        movies: { documentCount: 6, pendingDocumentCount: 0 },
        books: { documentCount: 1, pendingDocumentCount: 0 },
      },
    });
    expect(info.diskSize).toBeGreaterThan(0);
  });

  test("an upsert replaces the whole document", async ({ expect }) => {
    await using server = await startSearchServer();
    const index = server.client().index("docs");
    await index.upsert({ id: "a", content: { text: "old words" }, metadata: { tag: "x" } });
    await index.upsert({ id: "a", content: { text: "new words" } });
    expect(await index.fetch(["a"])).toEqual([
      { id: "a", content: { text: "new words" }, metadata: undefined },
    ]);
    expect(await index.search({ query: "old", semanticWeight: 0 })).toEqual([]);
    expect((await index.search({ query: "new", semanticWeight: 0 })).map((hit) => hit.id)).toEqual([
      "a",
    ]);
  });

  test("filters over content and @metadata, as strings and as the SDK's objects", async ({
    expect,
  }) => {
    await using server = await startSearchServer();
    const movies = server.client().index<Movie, MovieMetadata>("movies");
    await movies.upsert(MOVIES);
    const ids = async (filter: Parameters<typeof movies.search>[0]["filter"]) =>
      (await movies.search({ query: "a film", limit: 10, filter })).map((hit) => hit.id).sort();

    expect(await ids("genre = 'crime'")).toEqual(["godfather", "heat"]);
    expect(await ids("@metadata.director = 'Christopher Nolan'")).toEqual([
      "inception",
      "interstellar",
    ]);
    expect(await ids("genre = 'sci-fi' AND year < 2000")).toEqual(["star-wars"]);
    expect(await ids("title GLOB 'In*' AND @metadata.rating >= 8.8")).toEqual(["inception"]);
    // A metadata field is not a content field, nor the reverse.
    expect(await ids("director = 'Michael Mann'")).toEqual([]);
    expect(await ids("@metadata.genre = 'crime'")).toEqual([]);
    // "@metadata." inside a string literal is a value, not a path.
    expect(await ids("title = '@metadata.x'")).toEqual([]);
    expect(
      await ids({
        OR: [{ genre: { equals: "crime" } }, { "@metadata.rating": { greaterThanOrEquals: 8.7 } }],
      }),
    ).toEqual(["godfather", "heat", "inception", "interstellar"]);
    expect(await ids({ year: { in: [1972, 1995] } })).toEqual(["godfather", "heat"]);
    await expect(movies.search({ query: "x", filter: "genre = " })).rejects.toThrow(
      /^Invalid filter\./,
    );
  });

  test("semanticWeight: 0 is full-text only, out of range is refused", async ({ expect }) => {
    await using server = await startSearchServer();
    const movies = server.client().index<Movie, MovieMetadata>("movies");
    await movies.upsert(MOVIES);
    // Pure full-text: only documents sharing a term with the query are results.
    const fullText = await movies.search({ query: "wormhole", semanticWeight: 0, limit: 10 });
    expect(fullText.map((hit) => hit.id)).toEqual(["interstellar"]);
    expect(fullText[0]?.score).toBe(1);
    // Pure semantic: every document is a candidate, ranked by dense similarity.
    const semantic = await movies.search({ query: "wormhole", semanticWeight: 1, limit: 10 });
    expect(semantic).toHaveLength(5);
    expect(semantic[0]?.id).toBe("interstellar");
    // The SDK checks the range itself; other clients get the same text from the server.
    await expect(movies.search({ query: "x", semanticWeight: 1.5 })).rejects.toThrow(
      "semanticWeight must be between 0 and 1",
    );
    const refused = await post(
      `${server.emulator.searchUrl}/search/movies`,
      server.emulator.searchToken,
      {
        query: "x",
        semanticWeight: -0.5,
      },
    );
    expect(refused).toEqual({
      status: 422,
      body: { error: "semanticWeight must be between 0 and 1", status: 422 },
    });
  });

  test("reranking puts the exact phrase first", async ({ expect }) => {
    await using server = await startSearchServer();
    const index = server.client().index("recipes");
    await index.upsert([
      { id: "jumble", content: { text: "pie apple pie red pie apple apple red crust" } },
      { id: "phrase", content: { text: "grandma bakes a red apple pie on sundays" } },
      { id: "other", content: { text: "chocolate cake with cream" } },
    ]);
    const plain = await index.search({ query: "red apple pie", limit: 3 });
    expect(plain[0]?.id).toBe("jumble");
    const reranked = await index.search({ query: "red apple pie", limit: 3, reranking: true });
    expect(reranked.map((hit) => hit.id)).toEqual(["phrase", "jumble", "other"]);
    expect(reranked[0]?.score).toBeLessThanOrEqual(1);
    // Deterministic, and enrichment is accepted (a documented no-op).
    expect(
      await index.search({
        query: "red apple pie",
        limit: 3,
        reranking: true,
        inputEnrichment: true,
        keepOriginalQueryAfterEnrichment: true,
      }),
    ).toEqual(reranked);
  });

  test("delete by ids, prefix and filter; reset; delete index", async ({ expect }) => {
    await using server = await startSearchServer();
    const client = server.client();
    const movies = client.index<Movie, MovieMetadata>("movies");
    await movies.upsert(MOVIES);
    expect(await movies.delete("heat")).toEqual({ deleted: 1 });
    expect(await movies.delete(["heat", "godfather"])).toEqual({ deleted: 1 });
    expect(await movies.delete({ prefix: "in" })).toEqual({ deleted: 2 });
    await movies.upsert(MOVIES);
    expect(await movies.delete({ filter: "@metadata.director = 'Christopher Nolan'" })).toEqual({
      deleted: 2,
    });
    expect(await movies.delete({ filter: "genre = 'crime'" })).toEqual({ deleted: 2 });
    expect((await movies.range({ cursor: "0", limit: 10 })).documents.map((d) => d.id)).toEqual([
      "star-wars",
    ]);
    expect(await movies.reset()).toBe("Success");
    expect(await movies.info()).toEqual({ documentCount: 0, pendingDocumentCount: 0 });
    expect(await movies.search({ query: "space" })).toEqual([]);
    expect(await client.listIndexes()).toEqual(["movies"]);
    expect(await movies.deleteIndex()).toBe("Success");
    expect(await client.listIndexes()).toEqual([]);
    await expect(movies.deleteIndex()).rejects.toThrow(
      "Namespace movies for the index default does not exist",
    );
  });

  test("index names are percent-decoded", async ({ expect }) => {
    await using server = await startSearchServer();
    const client = server.client();
    const index = client.index("hello world!");
    await index.upsert({ id: "1", content: { text: "greetings" } });
    expect(await client.listIndexes()).toEqual(["hello world!"]);
    expect((await index.search({ query: "greetings" })).map((hit) => hit.id)).toEqual(["1"]);
  });

  test("the read-only token reads and is refused writes", async ({ expect }) => {
    await using server = await startSearchServer();
    await server.client().index("movies").upsert(MOVIES);
    const reader = server.client({ token: server.emulator.searchReadOnlyToken }).index("movies");
    expect((await reader.search({ query: "dream thief" }))[0]?.id).toBe("inception");
    expect(await reader.fetch(["heat"])).toHaveLength(1);
    await expect(reader.upsert({ id: "x", content: { a: "b" } })).rejects.toThrow(
      "Forbidden: upsert-data writes, and the Read Only token only reads. Use the Standard token.",
    );
    await expect(reader.delete("heat")).rejects.toThrow(/^Forbidden: delete writes/);
    await expect(reader.reset()).rejects.toThrow(/^Forbidden: reset writes/);
    await expect(reader.deleteIndex()).rejects.toThrow(/^Forbidden: delete-namespace writes/);
    await expect(server.client({ token: "wrong" }).listIndexes()).rejects.toThrow(
      "Unauthorized: Invalid auth token",
    );
  });

  test("documents stay pending for the indexing delay, on the emulator's clock", async ({
    expect,
  }) => {
    await using server = await startSearchServer({ vectorIndexingDelayMs: 1000 });
    const index = server.client().index("movies");
    await index.upsert(MOVIES.slice(0, 2));
    expect(await index.info()).toEqual({ documentCount: 0, pendingDocumentCount: 2 });
    expect(await index.search({ query: "space opera" })).toEqual([]);
    server.clock.advance(1000);
    expect(await index.info()).toEqual({ documentCount: 2, pendingDocumentCount: 0 });
    expect((await index.search({ query: "space opera" }))[0]?.id).toBe("star-wars");
  });

  test("bad requests get the service's error envelope", async ({ expect }) => {
    await using server = await startSearchServer();
    const { searchUrl: url, searchToken: token } = server.emulator;
    const index = server.client().index("docs");
    await expect(
      index.upsert({ id: "a", content: "text" as unknown as Record<string, unknown> }),
    ).rejects.toThrow("Invalid request: content is required and must be a JSON object.");
    // The FAQ's 1,500 characters per document (search-wire.md §6); nothing of the batch is written.
    await expect(
      index.upsert([
        { id: "fits", content: { text: "x".repeat(1500) } },
        { id: "long", content: { title: "x", text: "x".repeat(1500) } },
      ]),
    ).rejects.toThrow(
      "document long has 1502 characters of content; a document holds at most 1500.",
    );
    expect(await index.fetch(["fits"])).toEqual([null]);
    await expect(index.search({ query: "a", filter: "title $fuzzy 'x'" })).rejects.toThrow(
      "$fuzzy is not an operator of search filters",
    );
    expect(await post(`${url}/search/docs`, token, { topK: 3 })).toEqual({
      status: 422,
      body: { error: "Invalid request: query is required and must be a string.", status: 422 },
    });
    expect(await post(`${url}/search/docs`, token, { query: "a", topK: 0 })).toMatchObject({
      status: 422,
    });
    expect(await post(`${url}/search/docs`, token, { query: "a", reranking: "yes" })).toEqual({
      status: 422,
      body: { error: "Invalid request: reranking must be a boolean.", status: 422 },
    });
    expect(await post(`${url}/search`, token, { query: "a" })).toEqual({
      status: 400,
      body: {
        error: "Invalid command: search needs an index name, e.g. /search/movies.",
        status: 400,
      },
    });
    expect(await post(`${url}/query/docs`, token, { data: "a" })).toEqual({
      status: 400,
      body: { error: "Invalid command: query is not a search command.", status: 400 },
    });
    expect(await post(`${server.emulator.url}/search/nope/info`, token, [])).toEqual({
      status: 404,
      body: { error: "Search database nope does not exist.", status: 404 },
    });
  });
});

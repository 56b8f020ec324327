/**
 * @upstash/semantic-cache on a vector index with an embedding model (the emulator's offline
 * embedder, vector-rest-wire.md §6.2): near-duplicate questions hit, unrelated ones miss. The
 * vector service is the same on both backends; the run on each checks the proxy's configuration
 * leaves it whole.
 */
import { SemanticCache } from "@upstash/semantic-cache";
import { Index } from "@upstash/vector";
import { test } from "vitest";
import { describeBackends } from "./backends.ts";

/**
 * The library's declarations name its own copy of @upstash/vector's types: the same class at run
 * time, two types to the compiler.
 */
type CacheIndex = ConstructorParameters<typeof SemanticCache>[0]["index"];

describeBackends("@upstash/semantic-cache", (target) => {
  test("set, get by meaning, bulk get, delete, namespaces and flush", async ({ expect }) => {
    const access = await target().createVectorIndex(`cache-${target().backend}`, {
      dimension: 384,
      embeddingModel: "BGE_SMALL_EN_V1_5",
    });
    const index = new Index({ url: access.url, token: access.token });
    const cache = new SemanticCache({
      index: index as unknown as CacheIndex,
      minProximity: 0.9,
    });
    await cache.set("What is the capital city of France?", "Paris");
    await cache.set(
      ["Which is the largest planet?", "Who wrote Hamlet?"],
      ["Jupiter", "Shakespeare"],
    );

    expect(await cache.get("what is the capital city of France")).toBe("Paris");
    expect(await cache.get("How deep is the Pacific ocean?")).toBeUndefined();
    expect(await cache.get(["Who wrote Hamlet?", "Which is the largest planet?"])).toEqual([
      "Shakespeare",
      "Jupiter",
    ]);
    expect(await cache.delete("Who wrote Hamlet?")).toBe(1);
    expect(await cache.get("Who wrote Hamlet?")).toBeUndefined();

    const scoped = new SemanticCache({
      index: index as unknown as CacheIndex,
      minProximity: 0.9,
      namespace: "geo",
    });
    await scoped.set("Longest river in Africa?", "Nile");
    expect(await scoped.get("Longest river in Africa")).toBe("Nile");
    expect(await cache.get("Longest river in Africa")).toBeUndefined();
    await scoped.flush();
    expect(await scoped.get("Longest river in Africa?")).toBeUndefined();
    expect(await cache.get("What is the capital city of France?")).toBe("Paris");
    expect(
      await cache.bulkDelete([
        "What is the capital city of France?",
        "Which is the largest planet?",
      ]),
    ).toBe(2);
  });
});

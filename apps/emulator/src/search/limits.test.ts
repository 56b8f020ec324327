import { describe, test } from "vitest";
import type { NamespaceStore } from "../vector/namespace-store.ts";
import { checkDocumentSize, checkIndexCount, SearchLimits } from "./limits.ts";

/** The two reads `checkIndexCount` makes of a vector index, over a list of namespace names. */
function indexWith(names: string[]) {
  const existing = new Set(names);
  return {
    namespace: (name: string) => (existing.has(name) ? ({} as NamespaceStore) : undefined),
    namespaceNames: () => names,
  };
}

describe("search limits (search-wire.md §6)", () => {
  test("a document holds at most 1,500 characters of text, counted in code points", ({
    expect,
  }) => {
    expect(() => checkDocumentSize("a", "x".repeat(1500))).not.toThrow();
    // 1,500 emoji are 3,000 UTF-16 code units but 1,500 characters.
    expect(() => checkDocumentSize("a", "🚀".repeat(1500))).not.toThrow();
    expect(() => checkDocumentSize("big", "x".repeat(1501))).toThrow(
      "Invalid request: document big has 1501 characters of content; a document holds at most 1500.",
    );
  });

  test("a database holds at most 10,000 indexes; the default namespace is not one", ({
    expect,
  }) => {
    const full = ["", ...Array.from({ length: SearchLimits.MAX_INDEXES }, (_, i) => `ix-${i}`)];
    expect(() => checkIndexCount(indexWith(full), "one-more")).toThrow(
      "Invalid request: a search database holds at most 10000 indexes; delete one before creating one-more.",
    );
    // Writing to an index that exists is no new index.
    expect(() => checkIndexCount(indexWith(full), "ix-42")).not.toThrow();
    expect(() => checkIndexCount(indexWith(full.slice(0, -1)), "one-more")).not.toThrow();
  });
});

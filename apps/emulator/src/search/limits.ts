/**
 * The documented limits of a search database (search-wire.md §6, the Upstash Search FAQ), the
 * ones the emulator enforces. Others the FAQ names are not per-request rules (the 50 GB database
 * cap, the recommended batch of 100 documents) and are not enforced (docs/search.md).
 */
import { validationError } from "../vector/errors.ts";
import { DEFAULT_NAMESPACE, type VectorIndex } from "../vector/vector-index.ts";

export const SearchLimits = {
  /**
   * "Up to 1,500 characters" per document. Emulator choice for the undocumented unit: the
   * characters (code points) of the text a document is searched by, `documentText(content)` —
   * its string, number and boolean values; keys, JSON punctuation and metadata do not count.
   */
  MAX_DOCUMENT_CHARACTERS: 1500,
  /** Indexes (namespaces) per database. */
  MAX_INDEXES: 10_000,
} as const;

/** Refuses a document whose searchable text is over the documented size. */
export function checkDocumentSize(id: string, text: string): void {
  // Code units bound code points from above: count the latter only when it can matter.
  if (text.length <= SearchLimits.MAX_DOCUMENT_CHARACTERS) {
    return;
  }
  let characters = 0;
  for (const _ of text) {
    characters++;
  }
  if (characters > SearchLimits.MAX_DOCUMENT_CHARACTERS) {
    throw validationError(
      `Invalid request: document ${id} has ${characters} characters of content; a document holds at most ${SearchLimits.MAX_DOCUMENT_CHARACTERS}.`,
    );
  }
}

/** Refuses a write that would create an index beyond the documented count. */
export function checkIndexCount(
  index: Pick<VectorIndex, "namespace" | "namespaceNames">,
  name: string,
): void {
  if (index.namespace(name) !== undefined) {
    return;
  }
  // The default namespace always exists and is not an index (`list-namespaces` leaves it out).
  const indexes = index
    .namespaceNames()
    .filter((existing) => existing !== DEFAULT_NAMESPACE).length;
  if (indexes >= SearchLimits.MAX_INDEXES) {
    throw validationError(
      `Invalid request: a search database holds at most ${SearchLimits.MAX_INDEXES} indexes; delete one before creating ${name}.`,
    );
  }
}

/**
 * The index the SEARCH.* command tests share: two JSON books under `book:` and a `books` index
 * with a TEXT, a FAST U64 and a KEYWORD field.
 */
import { createTestEngine } from "../../test-support.ts";

export function createBooksIndex(): ReturnType<typeof createTestEngine> {
  const t = createTestEngine();
  t.run("JSON.SET", "book:1", "$", JSON.stringify({ title: "Dune", year: 1965, genre: "sf" }));
  t.run(
    "JSON.SET",
    "book:2",
    "$",
    JSON.stringify({ title: "Dune Messiah", year: 1969, genre: "sf" }),
  );
  t.run(
    "SEARCH.CREATE",
    "books",
    "ON",
    "JSON",
    "PREFIX",
    "1",
    "book:",
    "SCHEMA",
    "title",
    "TEXT",
    "year",
    "U64",
    "FAST",
    "genre",
    "KEYWORD",
  );
  return t;
}

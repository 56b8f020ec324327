import { test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

function books() {
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

test("SEARCH.COUNT counts every match, -1 without the index", ({ expect }) => {
  const { run } = books();
  expect(run("SEARCH.COUNT", "books", '{"title":"dune"}')).toEqual(r.int(2));
  expect(run("SEARCH.COUNT", "books", '{"year":{"$lt":1966}}')).toEqual(r.int(1));
  expect(run("SEARCH.COUNT", "nope", "{}")).toEqual(r.int(-1));
  expect(run("SEARCH.COUNT", "books", "[1]")).toEqual(r.err("ERR Filter must be a JSON object"));
  expect(run("SEARCH.COUNT", "books", "{")).toEqual(r.err("ERR Invalid JSON filter"));
});

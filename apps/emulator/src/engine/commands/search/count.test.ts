import { test } from "vitest";
import { r } from "../../test-support.ts";
import { createBooksIndex } from "./test-support.ts";

test("SEARCH.COUNT counts every match, -1 without the index", ({ expect }) => {
  const { run } = createBooksIndex();
  expect(run("SEARCH.COUNT", "books", '{"title":"dune"}')).toEqual(r.int(2));
  expect(run("SEARCH.COUNT", "books", '{"year":{"$lt":1966}}')).toEqual(r.int(1));
  expect(run("SEARCH.COUNT", "nope", "{}")).toEqual(r.int(-1));
  expect(run("SEARCH.COUNT", "books", "[1]")).toEqual(r.err("ERR Filter must be a JSON object"));
  expect(run("SEARCH.COUNT", "books", "{")).toEqual(r.err("ERR Invalid JSON filter"));
});

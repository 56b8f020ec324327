import { test } from "vitest";
import { r } from "../../test-support.ts";
import { createBooksIndex } from "./test-support.ts";

test("SEARCH.QUERY ranks by BM25 and returns the document", ({ expect }) => {
  const { run } = createBooksIndex();
  const hits = run("SEARCH.QUERY", "books", '{"title":{"$eq":"dune"}}');
  // Both hold "dune" once; the shorter title scores higher.
  expect(
    hits.kind === "array" && hits.items.map((hit) => hit.kind === "array" && hit.items[0]),
  ).toEqual([r.bulk("book:1"), r.bulk("book:2")]);
  expect(
    run(
      "SEARCH.QUERY",
      "books",
      '{"genre":"sf"}',
      "ORDERBY",
      "year",
      "DESC",
      "LIMIT",
      "1",
      "SELECT",
      "1",
      "year",
    ),
  ).toEqual(r.arr(r.arr(r.bulk("book:2"), r.bulk("1969"), r.arr(r.bulks("year", "1969")))));
  expect(run("SEARCH.QUERY", "books", '{"title":"messiah"}', "NOCONTENT")).toEqual(
    r.arr(r.arr(r.bulk("book:2"), expect.objectContaining({ kind: "bulk" }))),
  );
  expect(run("SEARCH.QUERY", "nope", "{}")).toEqual(r.nil);
  expect(run("SEARCH.QUERY", "books", "{}", "LIMIT", "1001")).toEqual(
    r.err("ERR limit should be a positive number less than 1000"),
  );
  expect(
    run("SEARCH.QUERY", "books", "{}", "ORDERBY", "year", "SCOREFUNC", "FIELDVALUE", "year"),
  ).toEqual(r.err("ERR SCOREFUNC cannot be combined with ORDERBY"));
});

test("SEARCH.QUERY reads the documents of the index's database from any database", ({ expect }) => {
  const { run } = createBooksIndex();
  run("SELECT", "1");
  const hits = run("SEARCH.QUERY", "books", '{"title":"messiah"}', "SELECT", "1", "title");
  expect(hits).toEqual(
    r.arr(r.arr(r.bulk("book:2"), expect.anything(), r.arr(r.bulks("title", "Dune Messiah")))),
  );
});

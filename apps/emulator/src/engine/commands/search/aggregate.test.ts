import { test } from "vitest";
import { r } from "../../test-support.ts";
import { createBooksIndex } from "./test-support.ts";

test("SEARCH.AGGREGATE returns flat alias/result arrays, nil without the index", ({ expect }) => {
  const { run } = createBooksIndex();
  expect(
    run(
      "SEARCH.AGGREGATE",
      "books",
      "{}",
      '{"y":{"$max":{"field":"year"}},"g":{"$terms":{"field":"genre"}}}',
    ),
  ).toEqual(
    r.arr(
      r.bulk("y"),
      r.arr(r.bulk("value"), r.bulk("1969")),
      r.bulk("g"),
      r.arr(
        r.bulk("buckets"),
        r.arr(r.arr(r.bulk("key"), r.bulk("sf"), r.bulk("docCount"), r.int(2))),
        r.bulk("sumOtherDocCount"),
        r.int(0),
        r.bulk("docCountErrorUpperBound"),
        r.int(0),
      ),
    ),
  );
  expect(run("SEARCH.AGGREGATE", "nope", "{}", "{}")).toEqual(r.nil);
  expect(run("SEARCH.AGGREGATE", "books", "{}", '{"x":{"$avg":{}}}')).toEqual(
    r.err("ERR Missing required 'field' property"),
  );
});

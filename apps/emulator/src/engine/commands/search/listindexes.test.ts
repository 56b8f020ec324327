import { test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

test("SEARCH.LISTINDEXES sorts by name and applies MATCH, LIMIT and OFFSET", ({ expect }) => {
  const { run } = createTestEngine();
  for (const name of ["b", "a", "c"]) {
    run("SEARCH.CREATE", name, "ON", "HASH", "PREFIX", "1", `${name}:`, "SCHEMA", "n", "TEXT");
  }
  const entry = (name: string) => r.bulks("name", name, "type", "HASH");
  expect(run("SEARCH.LISTINDEXES")).toEqual(r.arr(entry("a"), entry("b"), entry("c")));
  expect(run("SEARCH.LISTINDEXES", "LIMIT", "1", "OFFSET", "1")).toEqual(r.arr(entry("b")));
  expect(run("SEARCH.LISTINDEXES", "MATCH", "[ac]")).toEqual(r.arr(entry("a"), entry("c")));
  expect(run("SEARCH.LISTINDEXES", "BOGUS")).toEqual(r.err("ERR Unknown argument: BOGUS"));
});

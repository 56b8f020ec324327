import { test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

test("SEARCH.ALIASADD answers 1 for a new alias and 2 when re-pointing", ({ expect }) => {
  const { run } = createTestEngine();
  expect(run("SEARCH.ALIASADD", "a", "missing")).toEqual(r.int(1));
  expect(run("SEARCH.ALIASADD", "a", "other")).toEqual(r.int(2));
  expect(run("SEARCH.LISTALIASES")).toEqual(r.arr(r.bulks("a", "other")));
});

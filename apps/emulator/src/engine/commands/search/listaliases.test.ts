import { test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

test("SEARCH.LISTALIASES lists pairs, dangling ones too, and is empty at first", ({ expect }) => {
  const { run } = createTestEngine();
  expect(run("SEARCH.LISTALIASES")).toEqual(r.arr());
  run("SEARCH.ALIASADD", "x", "nowhere");
  expect(run("SEARCH.LISTALIASES")).toEqual(r.arr(r.bulks("x", "nowhere")));
});

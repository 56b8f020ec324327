import { test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

test("SEARCH.ALIASDEL answers 1 then 0", ({ expect }) => {
  const { run } = createTestEngine();
  run("SEARCH.ALIASADD", "a", "i");
  expect(run("SEARCH.ALIASDEL", "a")).toEqual(r.int(1));
  expect(run("SEARCH.ALIASDEL", "a")).toEqual(r.int(0));
});

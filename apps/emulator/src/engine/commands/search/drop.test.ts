import { test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

test("SEARCH.DROP removes the index but not its keys, and ignores aliases", ({ expect }) => {
  const { run } = createTestEngine();
  run("HSET", "h:1", "n", "x");
  run("SEARCH.CREATE", "i", "ON", "HASH", "PREFIX", "1", "h:", "SCHEMA", "n", "TEXT");
  run("SEARCH.ALIASADD", "a", "i");
  expect(run("SEARCH.DROP", "a")).toEqual(r.int(0));
  expect(run("SEARCH.DROP", "i")).toEqual(r.int(1));
  expect(run("SEARCH.COUNT", "a", "{}")).toEqual(r.int(-1));
  expect(run("EXISTS", "h:1")).toEqual(r.int(1));
});

import { test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

test("SEARCH.WAITINDEXING answers 1 at once, 0 without the index", ({ expect }) => {
  const { run } = createTestEngine();
  run("SEARCH.CREATE", "i", "ON", "HASH", "PREFIX", "1", "h:", "SCHEMA", "n", "TEXT");
  run("HSET", "h:1", "n", "x");
  expect(run("SEARCH.WAITINDEXING", "i")).toEqual(r.int(1));
  expect(run("SEARCH.COUNT", "i", "{}")).toEqual(r.int(1));
  expect(run("SEARCH.WAITINDEXING", "nope")).toEqual(r.int(0));
});

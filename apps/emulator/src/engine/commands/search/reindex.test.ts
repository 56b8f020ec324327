import { test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

test("SEARCH.REINDEX indexes keys that SKIPINITIALSCAN left out", ({ expect }) => {
  const { run } = createTestEngine();
  run("HSET", "h:1", "n", "x");
  run(
    "SEARCH.CREATE",
    "i",
    "SKIPINITIALSCAN",
    "ON",
    "HASH",
    "PREFIX",
    "1",
    "h:",
    "SCHEMA",
    "n",
    "TEXT",
  );
  expect(run("SEARCH.COUNT", "i", "{}")).toEqual(r.int(0));
  expect(run("SEARCH.REINDEX", "i")).toEqual(r.int(1));
  expect(run("SEARCH.COUNT", "i", "{}")).toEqual(r.int(1));
  expect(run("SEARCH.REINDEX", "nope")).toEqual(r.int(0));
});

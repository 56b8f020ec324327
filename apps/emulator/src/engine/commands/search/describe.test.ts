import { test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

test("SEARCH.DESCRIBE lists the definition, nil without the index", ({ expect }) => {
  const { run } = createTestEngine();
  run(
    "SEARCH.CREATE",
    "i",
    "ON",
    "STRING",
    "PREFIX",
    "1",
    "s:",
    "LANGUAGE",
    "french",
    "SCHEMA",
    "t",
    "TEXT",
    "NOSTEM",
    "FROM",
    "src",
    "n",
    "F64",
    "FAST",
  );
  expect(run("SEARCH.DESCRIBE", "i")).toEqual(
    r.arr(
      ...[
        ["name", "i"],
        ["type", "STRING"],
      ]
        .flat()
        .map(r.bulk),
      r.bulk("prefixes"),
      r.bulks("s:"),
      r.bulk("language"),
      r.bulk("french"),
      r.bulk("indexSize"),
      r.int(0),
      r.bulk("pendingUpdates"),
      r.int(0),
      r.bulk("schema"),
      r.arr(r.bulks("t", "TEXT", "NOSTEM", "FROM", "src"), r.bulks("n", "F64", "FAST")),
    ),
  );
  expect(run("SEARCH.DESCRIBE", "nope")).toEqual(r.nil);
});

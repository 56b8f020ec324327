import { test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

test("SEARCH.CREATE answers 1, then 0 with EXISTSOK, and refuses bad definitions", ({ expect }) => {
  const { run } = createTestEngine();
  const definition = ["ON", "HASH", "PREFIX", "1", "h:", "SCHEMA", "n", "TEXT"];
  expect(run("SEARCH.CREATE", "i", ...definition)).toEqual(r.int(1));
  expect(run("SEARCH.CREATE", "i", "EXISTSOK", ...definition)).toEqual(r.int(0));
  expect(run("SEARCH.CREATE", "i", ...definition)).toEqual(r.err("ERR Index i already exists"));
  expect(
    run("SEARCH.CREATE", "j", "ON", "JSON", "PREFIX", "2", "a", "a", "SCHEMA", "n", "TEXT"),
  ).toEqual(r.err("ERR Duplicate prefix: a"));
  expect(
    run("SEARCH.CREATE", "j", "ON", "JSON", "PREFIX", "1", "a", "SCHEMA", "n", "TEXT", "FAST"),
  ).toEqual(r.err("ERR FAST is not valid for TEXT field n"));
  expect(
    run("SEARCH.CREATE", "j", "ON", "HASH", "PREFIX", "1", "a", "SCHEMA", "a.b", "TEXT"),
  ).toEqual(r.err("ERR Nested fields are not supported for HASH indexes: a.b"));
  run("SET", "taken", "v");
  expect(run("SEARCH.CREATE", "taken", ...definition)).toEqual(
    r.err("ERR Key taken already exists and is not an index"),
  );
  expect(
    run("SEARCH.CREATE", "j", "ON", "JSON", "PREFIX", "1", "a", "SCHEMA", "d", "HYBRID"),
  ).toEqual(
    r.err(
      "ERR HYBRID fields (semantic search, $ann, $rrf) are not supported by the emulator: it has no embedding model; declare d as TEXT",
    ),
  );
  expect(run("SEARCH.CREATE", "s", "ON", "STREAM", "events", "SCHEMA", "m", "TEXT")).toEqual(
    r.int(1),
  );
  expect(run("SEARCH.QUERY", "s", '{"$ann": {"m": "x"}}')).toEqual(
    r.err("ERR $ann needs HYBRID fields, which the emulator does not support (no embedding model)"),
  );
});

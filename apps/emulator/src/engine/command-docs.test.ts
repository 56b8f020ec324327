import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test } from "vitest";
import { renderCommandDocs } from "./command-docs.ts";

const DOCS = fileURLToPath(new URL("../../../../docs/commands.md", import.meta.url));

test("docs/commands.md is up to date (run `pnpm gen`)", ({ expect }) => {
  expect(readFileSync(DOCS, "utf8")).toBe(renderCommandDocs());
});

#!/usr/bin/env node
// The `stratus-emulator` bin: a committed launcher, so the bin resolves before the first build (pnpm links
// bins at install time, when `dist/` does not exist yet). It runs the built `dist/main.js`.
import { existsSync } from "node:fs";

const entry = new URL("../dist/main.js", import.meta.url);
if (existsSync(entry)) {
  await import(entry.href);
} else {
  process.stderr.write(
    "stratus-emulator: dist/main.js is missing; build first (`npx -y pnpm@10 run build` in the repository).\n",
  );
  process.exitCode = 1;
}

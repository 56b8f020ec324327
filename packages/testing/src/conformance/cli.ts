#!/usr/bin/env node
/**
 * The `stratus-conformance` bin: checks an endpoint against the spec and prints a pass/fail table
 * (or JSON with `--json`). Exit code 0 when every check passed, 1 when one failed, 2 for bad usage.
 */
import { HELP_TEXT, parseCli } from "./cli-options.ts";
import { formatJson, formatTable } from "./report.ts";
import { runConformance } from "./run-conformance.ts";

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(HELP_TEXT);
    return 0;
  }
  let options: ReturnType<typeof parseCli>;
  try {
    options = parseCli(argv);
  } catch (error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`stratus-conformance: ${message}\n\n${HELP_TEXT}`);
    return 2;
  }
  const report = await runConformance(options);
  process.stdout.write(options.json ? formatJson(report) : formatTable(report));
  return report.ok ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `stratus-conformance: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);

/** The bin's output: a fixed-width pass/fail table with a summary line, or JSON. */
import type { ConformanceReport } from "./types.ts";

const STATUS_LABEL = { pass: "PASS", fail: "FAIL", skip: "SKIP" } as const;

export function formatTable(report: ConformanceReport): string {
  const rows = report.results.map((result) => [
    STATUS_LABEL[result.status],
    result.area,
    result.group,
    result.name,
    result.detail ?? "",
  ]);
  const header = ["status", "area", "group", "check", "detail"];
  // The detail column is left unpadded: it is last and may be long.
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) =>
        column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  const summary = `${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped`;
  return [line(header), ...rows.map(line), "", summary, ""].join("\n");
}

export function formatJson(report: ConformanceReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

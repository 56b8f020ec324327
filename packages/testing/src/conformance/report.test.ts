import { describe, test } from "vitest";
import { formatJson, formatTable } from "./report.ts";
import type { ConformanceReport } from "./types.ts";

const report: ConformanceReport = {
  results: [
    { area: "kv", group: "tokens", name: "401 without a token", status: "pass", durationMs: 1 },
    {
      area: "kv",
      group: "sse",
      name: "monitor",
      status: "fail",
      detail: "first item x",
      durationMs: 2,
    },
    { area: "vector", group: "vector", name: "vector interface", status: "skip", durationMs: 0 },
  ],
  passed: 1,
  failed: 1,
  skipped: 1,
  ok: false,
};

describe("report", () => {
  test("the table aligns columns and ends with a summary", ({ expect }) => {
    expect(formatTable(report)).toBe(
      [
        "status  area    group   check                detail",
        "PASS    kv      tokens  401 without a token",
        "FAIL    kv      sse     monitor              first item x",
        "SKIP    vector  vector  vector interface",
        "",
        "1 passed, 1 failed, 1 skipped",
        "",
      ].join("\n"),
    );
  });

  test("JSON round-trips the report", ({ expect }) => {
    expect(JSON.parse(formatJson(report))).toEqual(report);
  });
});

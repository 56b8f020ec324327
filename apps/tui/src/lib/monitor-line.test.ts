import { fc, test as fcTest } from "@fast-check/vitest";
import { formatMonitorLine } from "@stratus/core/rest";
import { test } from "vitest";
import { parseMonitorLine } from "./monitor-line.ts";

test("reads a REST monitor line", ({ expect }) => {
  const event = parseMonitorLine('1721284005.242090 [0 0.0.0.0:0] "SET" "user:1" "a \\"b\\""');
  expect(event).toMatchObject({
    command: "SET",
    args: ["user:1", 'a "b"'],
    address: "0.0.0.0:0",
  });
  expect(event.timeMs).toBeCloseTo(1721284005242.09, 1);
});

test("keeps an unknown line whole", ({ expect }) => {
  expect(parseMonitorLine("garbage")).toMatchObject({ command: "UNKNOWN", line: "garbage" });
});

// Printable ASCII arguments survive core's formatter and this parser unchanged.
fcTest.prop([
  fc.array(
    fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
    {
      minLength: 1,
      maxLength: 5,
    },
  ),
])("inverts core's formatMonitorLine", (argv) => {
  const line = formatMonitorLine({ timestampMicros: 1, db: 0, address: "127.0.0.1:1", argv });
  const event = parseMonitorLine(line);
  return (
    event.command === (argv[0] ?? "").toUpperCase() &&
    JSON.stringify(event.args) === JSON.stringify(argv.slice(1))
  );
});

test("unescapes control bytes", ({ expect }) => {
  const line = formatMonitorLine({
    timestampMicros: 1,
    db: 0,
    address: "lua",
    argv: ["SET", "k", "a\nb\x01"],
  });
  expect(parseMonitorLine(line).args).toEqual(["k", "a\nb\x01"]);
});

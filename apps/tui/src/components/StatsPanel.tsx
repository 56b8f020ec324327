/**
 * A stats response on screen: a heading with the period switch, the counters in a grid, then one
 * chart line per series, scrolled when they do not all fit.
 */
import type { StatsPeriod } from "@stratus/core/schemas";
import { Box, Text } from "ink";
import type { FunctionComponent } from "react";
import { truncate } from "../lib/format.ts";
import { PERIODS } from "../lib/options.ts";
import type { ChartRow } from "../lib/stats-fields.ts";
import { Chart } from "./Chart.tsx";

/** A counter, already formatted. */
export interface CounterCell {
  readonly label: string;
  readonly value: string;
}

export interface StatsPanelProps {
  readonly heading: string;
  readonly period: StatsPeriod;
  readonly counters: readonly CounterCell[];
  readonly rows: readonly ChartRow[];
  /** Extra lines under the counters (the `days` of the daily series, the index's REST info). */
  readonly notes: readonly string[];
  /** First chart row shown. */
  readonly scroll: number;
  /** e.g. `refreshed 12:00:05 · auto 5s`. */
  readonly status: string;
  readonly width: number;
  readonly height: number;
}

const CELL_WIDTH = 26;

export const StatsPanel: FunctionComponent<StatsPanelProps> = (props) => {
  const { heading, period, counters, rows, notes, scroll, status, width, height } = props;
  const perLine = Math.max(1, Math.floor(width / CELL_WIDTH));
  const counterLines: CounterCell[][] = [];
  for (let i = 0; i < counters.length; i += perLine) {
    counterLines.push(counters.slice(i, i + perLine));
  }
  // Heading, period, status and the chart header take four lines; each note one more.
  const chartRoom = Math.max(1, height - 4 - counterLines.length - notes.length);
  const first = Math.min(Math.max(0, scroll), Math.max(0, rows.length - chartRoom));
  const shown = rows.slice(first, first + chartRoom);
  return (
    <Box flexDirection="column" width={width}>
      <Text bold>{truncate(heading, width)}</Text>
      <Box>
        <Text>period </Text>
        {PERIODS.map((candidate) => (
          // Brackets as well as inverse, for terminals without colour.
          <Text key={candidate} inverse={candidate === period}>
            {candidate === period ? `[${candidate}]` : ` ${candidate} `}
          </Text>
        ))}
      </Box>
      {counterLines.map((line) => (
        <Box key={line.map((cell) => cell.label).join()}>
          {line.map((cell) => (
            <Text key={cell.label}>
              {truncate(`${cell.label}: `, CELL_WIDTH - 8)}
              <Text bold>{truncate(cell.value, 10).padEnd(CELL_WIDTH - cellLabelWidth(cell))}</Text>
            </Text>
          ))}
        </Box>
      ))}
      {notes.map((note) => (
        <Text key={note} dimColor>
          {truncate(note, width)}
        </Text>
      ))}
      <Text dimColor>
        {truncate(
          `series ${first + 1}–${first + shown.length} of ${rows.length} (↑/↓) · last ↑peak`,
          width,
        )}
      </Text>
      {shown.map((row) => (
        <Chart key={row.label} {...row} width={width} />
      ))}
      <Text dimColor>{truncate(status, width)}</Text>
    </Box>
  );
};

function cellLabelWidth(cell: CounterCell): number {
  return Math.min(cell.label.length + 2, CELL_WIDTH - 8);
}

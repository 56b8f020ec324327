/**
 * One series as a labelled sparkline with its last and peak values: the chart of the stats
 * screens, one terminal line high so many series fit 24 rows.
 */
import { Box, Text } from "ink";
import type { FunctionComponent } from "react";
import { truncate } from "../lib/format.ts";
import { sparkline, summarize } from "../lib/sparkline.ts";
import { formatValue, type ValueFormat } from "../lib/stats-fields.ts";

export interface ChartProps {
  readonly label: string;
  readonly values: readonly number[];
  readonly format: ValueFormat;
  /** Columns for the whole line. */
  readonly width: number;
  /** A series the emulator cannot observe (all zero): said in words, not drawn as a flat line. */
  readonly isUnobserved?: boolean;
}

const LABEL_WIDTH = 20;
const FIGURES_WIDTH = 22;

export const Chart: FunctionComponent<ChartProps> = (props) => {
  const { label, values, format, width } = props;
  const chartWidth = Math.max(8, width - LABEL_WIDTH - FIGURES_WIDTH);
  if (props.isUnobserved === true) {
    return (
      <Box>
        <Text>{truncate(label, LABEL_WIDTH - 1).padEnd(LABEL_WIDTH)}</Text>
        <Text dimColor>{truncate("not observed by the emulator", width - LABEL_WIDTH)}</Text>
      </Box>
    );
  }
  const { last, max } = summarize(values);
  const line = values.length === 0 ? "(no data)".padEnd(chartWidth) : sparkline(values, chartWidth);
  const figures = `${formatValue(last, format)} ↑${formatValue(max, format)}`;
  return (
    <Box>
      <Text>{truncate(label, LABEL_WIDTH - 1).padEnd(LABEL_WIDTH)}</Text>
      <Text color="cyan">{line.padEnd(chartWidth)}</Text>
      <Text> {truncate(figures, FIGURES_WIDTH - 1)}</Text>
    </Box>
  );
};

/** A {@link Problem} on screen: what failed, what the server said, and how to fix it. */
import { Box, Text } from "ink";
import type { FunctionComponent } from "react";
import type { Problem } from "../lib/problem.ts";

export interface ProblemViewProps {
  readonly problem: Problem;
  /** A key hint, e.g. `r: retry`. */
  readonly hint?: string;
}

export const ProblemView: FunctionComponent<ProblemViewProps> = ({ problem, hint }) => (
  <Box flexDirection="column" borderStyle="round" borderColor="red" paddingX={1}>
    <Text color="red" bold>
      ✗ {problem.title}
    </Text>
    <Text wrap="wrap">{problem.detail}</Text>
    <Text wrap="wrap">
      <Text bold>Fix: </Text>
      {problem.fix}
    </Text>
    {hint === undefined ? null : <Text dimColor>{hint}</Text>}
  </Box>
);

/** The key help at the bottom: the screen's own keys, then the global ones. */
import { Box, Text } from "ink";
import type { FunctionComponent } from "react";
import { truncate } from "../lib/format.ts";

/** A key and what it does. */
export type KeyHelp = readonly [key: string, action: string];

export interface HelpFooterProps {
  readonly keys: readonly KeyHelp[];
  readonly width: number;
}

export const HelpFooter: FunctionComponent<HelpFooterProps> = ({ keys, width }) => {
  const text = keys.map(([key, action]) => `${key} ${action}`).join(" · ");
  return (
    <Box>
      <Text dimColor>{truncate(text, width)}</Text>
    </Box>
  );
};

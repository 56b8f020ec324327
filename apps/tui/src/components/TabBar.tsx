/**
 * The screen list at the top: number, name, the current one highlighted. When the titles do not
 * fit the width, the other tabs are cut short and the current one stays whole.
 */
import { Box, Text } from "ink";
import type { FunctionComponent } from "react";

export interface TabBarProps {
  readonly titles: readonly string[];
  readonly current: number;
}

export const TabBar: FunctionComponent<TabBarProps> = ({ titles, current }) => (
  <Box>
    {titles.map((title, index) => (
      <Box key={title} flexShrink={index === current ? 0 : 1}>
        <Text inverse={index === current} bold={index === current} wrap="truncate-end">
          {index === current ? `[${index + 1} ${title}]` : ` ${index + 1} ${title} `}
        </Text>
      </Box>
    ))}
  </Box>
);

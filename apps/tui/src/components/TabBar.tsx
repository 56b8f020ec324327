/** The screen list at the top: number, name, the current one highlighted. */
import { Box, Text } from "ink";
import type { FunctionComponent } from "react";

export interface TabBarProps {
  readonly titles: readonly string[];
  readonly current: number;
}

export const TabBar: FunctionComponent<TabBarProps> = ({ titles, current }) => (
  <Box>
    {titles.map((title, index) => (
      <Text key={title} inverse={index === current} bold={index === current}>
        {index === current ? `[${index + 1} ${title}]` : ` ${index + 1} ${title} `}
      </Text>
    ))}
  </Box>
);

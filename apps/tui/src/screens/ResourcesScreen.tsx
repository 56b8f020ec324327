/**
 * Resources: databases, vector indexes, search indexes, queues and teams from the management API.
 * ↑/↓ move, Enter opens the stats of a database or an index.
 */
import { Box, Text } from "ink";
import { type FunctionComponent, useCallback, useState } from "react";
import { HelpFooter } from "../components/HelpFooter.tsx";
import { ProblemView } from "../components/ProblemView.tsx";
import { useKeys } from "../hooks/use-keys.ts";
import { usePolling } from "../hooks/use-polling.ts";
import { useScreen } from "../hooks/use-screen.ts";
import { truncate } from "../lib/format.ts";
import { describeProblem, missingCredentials } from "../lib/problem.ts";
import {
  flattenResources,
  loadResources,
  RESOURCE_SECTIONS,
  type ResourceRow,
} from "../lib/resources.ts";
import type { ResourceRef, Services } from "../lib/services.ts";

export interface ResourcesScreenProps {
  readonly services: Services;
  /** Called with the resource whose stats to open. */
  readonly onOpen: (resource: ResourceRef) => void;
}

const KEYS = [
  ["↑/↓", "move"],
  ["enter", "open stats"],
  ["r", "reload"],
] as const;

export const ResourcesScreen: FunctionComponent<ResourcesScreenProps> = ({ services, onOpen }) => {
  const { width, height, isActive } = useScreen();
  const management = services.management;
  const [cursor, setCursor] = useState(0);
  const load = useCallback(async () => {
    if (management.kind !== "ready") {
      throw new Error("no management credentials");
    }
    return flattenResources(await loadResources(management.client));
  }, [management]);
  const poll = usePolling(load, { isEnabled: management.kind === "ready" });
  const rows = poll.value ?? [];
  const items = rows.flatMap((row, index) => (row.kind === "item" ? [index] : []));
  const selected = Math.min(cursor, Math.max(0, items.length - 1));
  const selectedRow = rows[items[selected] ?? -1];

  useKeys(
    (input, key) => {
      if (key.downArrow || input === "j") {
        setCursor(Math.min(selected + 1, Math.max(0, items.length - 1)));
      } else if (key.upArrow || input === "k") {
        setCursor(Math.max(0, selected - 1));
      } else if (key.return && selectedRow?.kind === "item" && selectedRow.item.open) {
        onOpen(selectedRow.item.open);
      } else if (input === "r") {
        poll.refresh();
      }
    },
    { isActive },
  );

  if (management.kind !== "ready") {
    return <ProblemView problem={missingCredentials(management.target)} />;
  }
  // Every section failing the same way is the service being unreachable: say so once.
  const failures = rows.filter((row) => row.kind === "failed");
  if (failures.length === RESOURCE_SECTIONS.length && failures[0]?.kind === "failed") {
    return (
      <Box flexDirection="column">
        <ProblemView
          problem={describeProblem(failures[0].error, management.target)}
          hint="r: retry"
        />
        <HelpFooter keys={KEYS} width={width} />
      </Box>
    );
  }
  if (poll.value === undefined) {
    return <Text>Loading resources from {management.target.url}…</Text>;
  }
  const room = Math.max(3, height - 2);
  const selectedIndex = items[selected] ?? 0;
  const first = Math.max(0, Math.min(selectedIndex - Math.floor(room / 2), rows.length - room));
  const shown = rows.slice(first, first + room);
  return (
    <Box flexDirection="column">
      <Text bold>Resources at {truncate(management.target.url, width - 20)}</Text>
      {shown.map((row, offset) => (
        <ResourceLine
          key={`${first + offset}`}
          row={row}
          isSelected={first + offset === selectedIndex && row.kind === "item"}
          width={width}
          target={management.target}
        />
      ))}
      <HelpFooter keys={KEYS} width={width} />
    </Box>
  );
};

const ResourceLine: FunctionComponent<{
  readonly row: ResourceRow;
  readonly isSelected: boolean;
  readonly width: number;
  readonly target: Parameters<typeof describeProblem>[1];
}> = ({ row, isSelected, width, target }) => {
  switch (row.kind) {
    case "header":
      return (
        <Text bold color="yellow">
          {row.text}
        </Text>
      );
    case "failed":
      return (
        <Text color="red">
          {truncate(`  could not list: ${describeProblem(row.error, target).detail}`, width)}
        </Text>
      );
    case "item": {
      const marker = isSelected ? "›" : " ";
      const stats = row.item.open === undefined ? "" : " ▸stats";
      const line = `${marker} ${row.item.name.padEnd(24)} ${row.item.detail}`;
      return (
        <Text inverse={isSelected}>
          {truncate(line, width - stats.length)}
          <Text dimColor>{stats}</Text>
        </Text>
      );
    }
    default:
      return assertNever(row);
  }
};

function assertNever(value: never): never {
  throw new TypeError(`Unexpected row: ${JSON.stringify(value)}`);
}

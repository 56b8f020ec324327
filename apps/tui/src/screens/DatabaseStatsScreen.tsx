/**
 * Database stats (management-api.md §6.4): every counter, every series charted (one per command of
 * `command_counts` too), the period switch and auto-refresh. Without a pick from the Resources
 * screen it shows the first database.
 */
import type { DatabaseStats } from "@stratus/core/schemas";
import { Box, Text } from "ink";
import { type FunctionComponent, useCallback } from "react";
import { HelpFooter } from "../components/HelpFooter.tsx";
import { ProblemView } from "../components/ProblemView.tsx";
import { StatsPanel } from "../components/StatsPanel.tsx";
import { usePolling } from "../hooks/use-polling.ts";
import { useScreen } from "../hooks/use-screen.ts";
import { STATS_KEYS, useStatsControls } from "../hooks/use-stats-controls.ts";
import type { CliOptions } from "../lib/options.ts";
import { describeProblem, missingCredentials } from "../lib/problem.ts";
import { refreshStatus } from "../lib/refresh-status.ts";
import type { ResourceRef, Services } from "../lib/services.ts";
import { DATABASE_COUNTERS, databaseChartRows, formatValue } from "../lib/stats-fields.ts";

export interface DatabaseStatsScreenProps {
  readonly services: Services;
  /** The database picked on the Resources screen, if any. */
  readonly resource: ResourceRef | undefined;
  readonly options: Pick<CliOptions, "period" | "refreshMs">;
}

type Loaded =
  | { readonly kind: "none" }
  | { readonly kind: "stats"; readonly resource: ResourceRef; readonly stats: DatabaseStats };

export const DatabaseStatsScreen: FunctionComponent<DatabaseStatsScreenProps> = (props) => {
  const { services, resource, options } = props;
  const { width, height, isActive } = useScreen();
  const controls = useStatsControls({ initialPeriod: options.period, isActive });
  const { period, refreshCount } = controls;
  const management = services.management;
  const load = useCallback(async (): Promise<Loaded> => {
    if (management.kind !== "ready") {
      return { kind: "none" };
    }
    const api = management.client;
    // `refreshCount` is read so that `r` makes a new loader, which reloads.
    void refreshCount;
    let target = resource;
    if (target === undefined) {
      const [first] = await api.listDatabases();
      if (first === undefined) {
        return { kind: "none" };
      }
      target = { kind: "database", id: first.database_id, name: first.database_name };
    }
    return { kind: "stats", resource: target, stats: await api.databaseStats(target.id, period) };
  }, [management, resource, period, refreshCount]);
  const poll = usePolling(load, {
    // A hidden screen stops refreshing until shown again.
    intervalMs: controls.isAuto && isActive ? options.refreshMs : undefined,
    isEnabled: management.kind === "ready",
  });
  const footer = <HelpFooter keys={STATS_KEYS} width={width} />;

  if (management.kind !== "ready") {
    return <ProblemView problem={missingCredentials(management.target)} />;
  }
  if (poll.value === undefined && poll.error !== undefined) {
    return (
      <Box flexDirection="column">
        <ProblemView problem={describeProblem(poll.error, management.target)} hint="r: retry" />
        {footer}
      </Box>
    );
  }
  if (poll.value === undefined) {
    return <Text>Loading database stats…</Text>;
  }
  if (poll.value.kind === "none") {
    return <Text>No database yet. Create one (POST /v2/redis/database), then press r.</Text>;
  }
  const { stats } = poll.value;
  const target = poll.value.resource;
  const counters = DATABASE_COUNTERS.map((field) => ({
    label: field.label,
    value: formatValue(stats[field.key], field.format),
  }));
  return (
    <Box flexDirection="column">
      <StatsPanel
        heading={`Database ${target.name} (${target.id})`}
        period={period}
        counters={counters}
        rows={databaseChartRows(stats)}
        notes={stats.days === undefined ? [] : [`days: ${stats.days.join(" ")}`]}
        scroll={controls.scroll}
        status={refreshStatus(
          poll,
          controls.isAuto ? options.refreshMs : undefined,
          management.target,
        )}
        width={width}
        height={height - 1}
      />
      {footer}
    </Box>
  );
};

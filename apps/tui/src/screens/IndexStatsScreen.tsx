/**
 * Vector index stats (management-api.md §6.3): every counter, every series charted, the period
 * switch and auto-refresh. Also shows a search index's stats, which share the shape (§3.4), and
 * there `/` opens a query on the database (`SearchScreen`). Without a pick from the Resources
 * screen it shows the first vector index.
 */
import type { IndexInfo, VectorStats } from "@stratus/core/schemas";
import { Box, Text } from "ink";
import { type FunctionComponent, useCallback, useState } from "react";
import { HelpFooter } from "../components/HelpFooter.tsx";
import { ProblemView } from "../components/ProblemView.tsx";
import { StatsPanel } from "../components/StatsPanel.tsx";
import { useKeys } from "../hooks/use-keys.ts";
import { usePolling } from "../hooks/use-polling.ts";
import { useScreen } from "../hooks/use-screen.ts";
import { STATS_KEYS, useStatsControls } from "../hooks/use-stats-controls.ts";
import type { CliOptions } from "../lib/options.ts";
import { describeProblem, missingCredentials } from "../lib/problem.ts";
import { refreshStatus } from "../lib/refresh-status.ts";
import type { ResourceRef, Services } from "../lib/services.ts";
import { formatValue, VECTOR_COUNTERS, vectorChartRows } from "../lib/stats-fields.ts";
import { SearchScreen } from "./SearchScreen.tsx";

const SEARCH_STATS_KEYS = [...STATS_KEYS, ["/", "query"]] as const;

export interface IndexStatsScreenProps {
  readonly services: Services;
  /** The index picked on the Resources screen, if any. */
  readonly resource: ResourceRef | undefined;
  readonly options: Pick<CliOptions, "period" | "refreshMs">;
}

type Loaded =
  | { readonly kind: "none" }
  | { readonly kind: "stats"; readonly resource: ResourceRef; readonly stats: VectorStats };

export const IndexStatsScreen: FunctionComponent<IndexStatsScreenProps> = (props) => {
  const { services, resource, options } = props;
  const { width, height, isActive } = useScreen();
  const [isQuerying, setQuerying] = useState(false);
  const isSearch = resource?.kind === "search";
  const controls = useStatsControls({
    initialPeriod: options.period,
    isActive: isActive && !isQuerying,
  });
  useKeys(
    (input) => {
      if (input === "/" && isSearch) {
        setQuerying(true);
      }
    },
    { isActive: isActive && !isQuerying },
  );
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
      const [first] = await api.listVectorIndexes();
      if (first === undefined) {
        return { kind: "none" };
      }
      target = { kind: "vector", id: first.id, name: first.name };
    }
    const stats =
      target.kind === "search"
        ? await api.searchIndexStats(target.id, period)
        : await api.vectorIndexStats(target.id, period);
    return { kind: "stats", resource: target, stats };
  }, [management, resource, period, refreshCount]);
  const poll = usePolling(load, {
    // A hidden screen stops refreshing until shown again.
    intervalMs: controls.isAuto && isActive ? options.refreshMs : undefined,
    isEnabled: management.kind === "ready",
  });
  const vector = services.vector;
  // `refreshCount` is read so that `r` reloads the info too.
  const loadInfo = useCallback(async () => {
    void refreshCount;
    return vector.kind === "ready" ? vector.client.info() : undefined;
  }, [vector, refreshCount]);
  const info = usePolling(loadInfo, {
    // A hidden screen stops refreshing until shown again.
    intervalMs: controls.isAuto && isActive ? options.refreshMs : undefined,
    isEnabled: vector.kind === "ready",
  });
  const infoLine = describeInfo(services, info);
  const footer = <HelpFooter keys={isSearch ? SEARCH_STATS_KEYS : STATS_KEYS} width={width} />;

  if (management.kind !== "ready") {
    return <ProblemView problem={missingCredentials(management.target)} />;
  }
  if (isQuerying) {
    return (
      <SearchScreen services={services} resource={resource} onExit={() => setQuerying(false)} />
    );
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
    return <Text>Loading index stats…</Text>;
  }
  if (poll.value.kind === "none") {
    return (
      <Text>
        No vector index yet. Create one (POST /v2/vector/index, or the emulator's --config file),
        then press r.
      </Text>
    );
  }
  const { stats } = poll.value;
  const target = poll.value.resource;
  const counters = VECTOR_COUNTERS.map((field) => ({
    label: field.label,
    value: formatValue(stats[field.key], field.format),
  }));
  return (
    <Box flexDirection="column">
      <StatsPanel
        heading={`${target.kind === "search" ? "Search" : "Vector"} index ${target.name} (${target.id})`}
        period={period}
        counters={counters}
        rows={vectorChartRows(stats)}
        notes={[
          ...(stats.days === undefined ? [] : [`days: ${stats.days.join(" ")}`]),
          ...(infoLine === undefined ? [] : [infoLine]),
        ]}
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

/** One line from the vector REST `info` of the index at `--vector-url` (vector-rest-wire.md). */
function describeInfo(
  services: Services,
  info: { readonly value: IndexInfo | undefined; readonly error: unknown },
): string | undefined {
  const vector = services.vector;
  if (vector.kind !== "ready") {
    return undefined;
  }
  if (info.value === undefined) {
    return info.error === undefined
      ? undefined
      : `REST ${vector.target.url}: ${describeProblem(info.error, vector.target).title}`;
  }
  const { vectorCount, pendingVectorCount, dimension, similarityFunction, indexType } = info.value;
  const namespaces = Object.keys(info.value.namespaces).map((name) => (name === "" ? '""' : name));
  return `REST ${vector.target.url}: ${vectorCount} ready, ${pendingVectorCount} pending, ${indexType} ${dimension}d ${similarityFunction}, namespaces ${namespaces.join(" ")}`;
}

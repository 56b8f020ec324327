/**
 * The keys every stats screen shares: ←/→ switch the period, ↑/↓ scroll the charts, `r` refreshes,
 * `a` toggles auto-refresh.
 */
import type { StatsPeriod } from "@stratus/core/schemas";
import { useState } from "react";
import { PERIODS } from "../lib/options.ts";
import { useKeys } from "./use-keys.ts";

/** The controls' state. */
export interface StatsControls {
  readonly period: StatsPeriod;
  readonly scroll: number;
  readonly isAuto: boolean;
  /** Bumped by `r`: put it in the loader's dependencies to reload. */
  readonly refreshCount: number;
}

/** Their key help. */
export const STATS_KEYS = [
  ["←/→", "period"],
  ["↑/↓", "scroll"],
  ["r", "refresh"],
  ["a", "auto-refresh"],
] as const;

export function useStatsControls(options: {
  readonly initialPeriod: StatsPeriod;
  readonly isActive: boolean;
}): StatsControls {
  const [period, setPeriod] = useState(options.initialPeriod);
  const [scroll, setScroll] = useState(0);
  const [isAuto, setAuto] = useState(true);
  const [refreshCount, setRefreshCount] = useState(0);
  useKeys(
    (input, key) => {
      const index = PERIODS.indexOf(period);
      if (key.rightArrow || input === "p") {
        setPeriod(PERIODS[(index + 1) % PERIODS.length] ?? period);
      } else if (key.leftArrow || input === "P") {
        setPeriod(PERIODS[(index - 1 + PERIODS.length) % PERIODS.length] ?? period);
      } else if (key.downArrow) {
        setScroll((value) => value + 1);
      } else if (key.upArrow) {
        setScroll((value) => Math.max(0, value - 1));
      } else if (input === "r") {
        setRefreshCount((value) => value + 1);
      } else if (input === "a") {
        setAuto((value) => !value);
      }
    },
    { isActive: options.isActive },
  );
  return { period, scroll, isAuto, refreshCount };
}

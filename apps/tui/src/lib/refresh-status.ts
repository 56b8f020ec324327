/** The status line under a stats panel: when it was loaded, auto-refresh, the last failure. */
import { describeProblem, type ServiceTarget } from "./problem.ts";

/** The parts of a poll the line reads. */
export interface RefreshState {
  readonly isLoading: boolean;
  readonly loadedAtMs: number | undefined;
  readonly error: unknown;
}

export function refreshStatus(
  poll: RefreshState,
  autoMs: number | undefined,
  target: ServiceTarget,
): string {
  const at =
    poll.loadedAtMs === undefined ? "never" : new Date(poll.loadedAtMs).toISOString().slice(11, 19);
  const auto = autoMs === undefined ? "auto off" : `auto ${autoMs / 1000}s`;
  const loading = poll.isLoading ? " · loading…" : "";
  const failed =
    poll.error === undefined
      ? ""
      : ` · refresh failed: ${describeProblem(poll.error, target).title}`;
  return `refreshed ${at} UTC · ${auto}${loading}${failed}`;
}

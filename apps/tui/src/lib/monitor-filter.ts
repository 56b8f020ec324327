/**
 * The monitor screen's filter: command names (space- or comma-separated, any case) and a glob
 * over the key, i.e. the first argument, as `KEYS` would match it.
 */
import { globToRegExp } from "./glob.ts";
import type { MonitorEvent } from "./monitor-line.ts";

/** What the user typed. */
export interface MonitorFilterInput {
  readonly commands: string;
  readonly keyPattern: string;
}

/** A compiled filter. */
export type MonitorPredicate = (event: MonitorEvent) => boolean;

export function compileMonitorFilter(input: MonitorFilterInput): MonitorPredicate {
  const commands = new Set(
    input.commands
      .split(/[\s,]+/)
      .filter((word) => word !== "")
      .map((word) => word.toUpperCase()),
  );
  const pattern = input.keyPattern.trim();
  const key = pattern === "" ? undefined : globToRegExp(pattern);
  return (event) => {
    if (commands.size > 0 && !commands.has(event.command)) {
      return false;
    }
    if (key !== undefined) {
      const first = event.args[0];
      return first !== undefined && key.test(first);
    }
    return true;
  };
}

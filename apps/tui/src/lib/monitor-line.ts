/**
 * A `MONITOR` line as the monitor screen filters and shows it. Reading the line is core's
 * `parseMonitorLine` (the inverse of the emulator's `formatMonitorLine`, kv-rest-wire.md §11.3);
 * this module only shapes its entry for display.
 */
import { parseMonitorLine as parseMonitorEntry } from "@stratus/core/rest";

/** One parsed monitor line. */
export interface MonitorEvent {
  /** Unix time in milliseconds (microseconds kept as the fraction). */
  readonly timeMs: number;
  /** `0.0.0.0:0` for REST callers, `lua` for scripts, `host:port` for RESP clients. */
  readonly address: string;
  /** The command name, upper-cased. */
  readonly command: string;
  /** The arguments after the command, one character per byte. */
  readonly args: readonly string[];
  /** The line as received. */
  readonly line: string;
}

const byteString = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

/** Parses one line; a line of another shape is kept whole as an `UNKNOWN` event. */
export function parseMonitorLine(line: string): MonitorEvent {
  const entry = parseMonitorEntry(line);
  if (entry === undefined) {
    return { timeMs: Number.NaN, address: "", command: "UNKNOWN", args: [], line };
  }
  const [command = new Uint8Array(), ...args] = entry.argv;
  return {
    timeMs: entry.timestampMicros / 1000,
    address: entry.address,
    command: byteString(command).toUpperCase(),
    args: args.map(byteString),
    line,
  };
}

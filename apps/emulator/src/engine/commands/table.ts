/**
 * The command table: every group's commands in one static map, keyed by upper-case name.
 * Duplicates are a bug and throw at start-up.
 */
import { bitmapCommands } from "./bitmap/index.ts";
import { clusterCommands } from "./cluster/index.ts";
import { connectionCommands } from "./connection/index.ts";
import type { Command } from "./define.ts";
import { genericCommands } from "./generic/index.ts";
import { geoCommands } from "./geo/index.ts";
import { hashCommands } from "./hash/index.ts";
import { hyperloglogCommands } from "./hyperloglog/index.ts";
import { jsonCommands } from "./json/index.ts";
import { listCommands } from "./list/index.ts";
import { pubsubCommands } from "./pubsub/index.ts";
import { scriptingCommands } from "./scripting/index.ts";
import { searchCommands } from "./search/index.ts";
import { serverCommands } from "./server/index.ts";
import { setCommands } from "./set/index.ts";
import { sortedSetCommands } from "./sorted-set/index.ts";
import { streamCommands } from "./stream/index.ts";
import { stringCommands } from "./string/index.ts";
import { transactionsCommands } from "./transactions/index.ts";

/** Every group's list, in Redis's documentation order of groups. */
export const COMMAND_GROUPS: readonly (readonly Command[])[] = [
  bitmapCommands,
  clusterCommands,
  connectionCommands,
  genericCommands,
  geoCommands,
  hashCommands,
  hyperloglogCommands,
  jsonCommands,
  listCommands,
  pubsubCommands,
  scriptingCommands,
  searchCommands,
  serverCommands,
  setCommands,
  sortedSetCommands,
  streamCommands,
  stringCommands,
  transactionsCommands,
];

function buildTable(): ReadonlyMap<string, Command> {
  const table = new Map<string, Command>();
  for (const group of COMMAND_GROUPS) {
    for (const command of group) {
      if (table.has(command.name)) {
        throw new Error(`command ${command.name} is registered twice`);
      }
      table.set(command.name, command);
    }
  }
  return table;
}

/** Upper-case name → command. */
export const COMMAND_TABLE: ReadonlyMap<string, Command> = buildTable();

/**
 * The one record of client commands: every group's record merged. `createKv` and the pipeline
 * builder derive their methods from it (STYLE.md §8).
 */

import { bitmapCommands } from "./bitmap/index.ts";
import { connectionCommands } from "./connection/index.ts";
import { genericCommands } from "./generic/index.ts";
import { geoCommands } from "./geo/index.ts";
import { hashCommands } from "./hash/index.ts";
import { hyperloglogCommands } from "./hyperloglog/index.ts";
import { jsonCommands } from "./json/index.ts";
import { listCommands } from "./list/index.ts";
import { pubsubCommands } from "./pubsub/index.ts";
import { scriptingCommands } from "./scripting/index.ts";
import { serverCommands } from "./server/index.ts";
import { setCommands } from "./set/index.ts";
import { sortedSetCommands } from "./sorted-set/index.ts";
import { streamCommands } from "./stream/index.ts";
import { stringCommands } from "./string/index.ts";

export const commands = {
  ...stringCommands,
  ...bitmapCommands,
  ...genericCommands,
  ...hashCommands,
  ...listCommands,
  ...setCommands,
  ...sortedSetCommands,
  ...geoCommands,
  ...hyperloglogCommands,
  ...jsonCommands,
  ...scriptingCommands,
  ...pubsubCommands,
  ...serverCommands,
  ...connectionCommands,
  ...streamCommands,
} as const;

/** The record's type. */
export type Commands = typeof commands;

/** The pubsub group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";
import { psubscribe } from "./psubscribe.ts";
import { publish } from "./publish.ts";
import { pubsub } from "./pubsub.ts";
import { punsubscribe } from "./punsubscribe.ts";
import { spublish } from "./spublish.ts";
import { ssubscribe } from "./ssubscribe.ts";
import { subscribe } from "./subscribe.ts";
import { sunsubscribe } from "./sunsubscribe.ts";
import { unsubscribe } from "./unsubscribe.ts";

export const pubsubCommands: readonly Command[] = [
  psubscribe,
  publish,
  pubsub,
  punsubscribe,
  spublish,
  ssubscribe,
  subscribe,
  sunsubscribe,
  unsubscribe,
];

/** The geo group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";
import { geoadd } from "./geoadd.ts";
import { geodist } from "./geodist.ts";
import { geohash } from "./geohash.ts";
import { geopos } from "./geopos.ts";
import { georadius } from "./georadius.ts";
import { georadiusRo } from "./georadius-ro.ts";
import { georadiusbymember } from "./georadiusbymember.ts";
import { georadiusbymemberRo } from "./georadiusbymember-ro.ts";
import { geosearch } from "./geosearch.ts";
import { geosearchstore } from "./geosearchstore.ts";

export const geoCommands: readonly Command[] = [
  geoadd,
  geodist,
  geohash,
  geopos,
  georadius,
  georadiusbymember,
  georadiusbymemberRo,
  georadiusRo,
  geosearch,
  geosearchstore,
];

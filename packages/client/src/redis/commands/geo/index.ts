/** The geo group's client commands, alphabetically (merged in `../index.ts`). */
import { geoadd } from "./geoadd.ts";
import { geodist } from "./geodist.ts";
import { geohash } from "./geohash.ts";
import { geopos } from "./geopos.ts";
import { geosearch } from "./geosearch.ts";
import { geosearchstore } from "./geosearchstore.ts";

export const geoCommands = {
  geoadd,
  geodist,
  geohash,
  geopos,
  geosearch,
  geosearchstore,
} as const;

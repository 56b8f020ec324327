import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";
import { encodeGeoSearch, type GeoSearch } from "./geosearch.ts";

/**
 * GEOSEARCHSTORE destination source FROMMEMBER … BYRADIUS …: store the members of an area; how many.
 * @see https://redis.io/commands/geosearchstore
 */
export const geosearchstore = defineClientCommand<
  (destination: RedisKey, source: RedisKey, search: GeoSearch) => number
>({
  name: "GEOSEARCHSTORE",
  encode: (destination, source, search) => [destination, source, ...encodeGeoSearch(search)],
  decode: asInteger,
});

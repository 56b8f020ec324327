import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

type GeoUnit = "M" | "KM" | "FT" | "MI";

/** Where and how far GEOSEARCH looks. */
export interface GeoSearch {
  readonly from:
    | { readonly member: RedisArgument }
    | { readonly longitude: number; readonly latitude: number };
  readonly by:
    | { readonly radius: number; readonly unit: GeoUnit }
    | { readonly width: number; readonly height: number; readonly unit: GeoUnit };
  readonly order?: "ASC" | "DESC";
  readonly count?: number;
}

/** GEOSEARCH's area as argv; shared with `geosearchstore.ts` through this export. */
export function encodeGeoSearch(search: GeoSearch): RedisArgument[] {
  const from: RedisArgument[] =
    "member" in search.from
      ? ["FROMMEMBER", search.from.member]
      : ["FROMLONLAT", search.from.longitude, search.from.latitude];
  const by: RedisArgument[] =
    "radius" in search.by
      ? ["BYRADIUS", search.by.radius, search.by.unit]
      : ["BYBOX", search.by.width, search.by.height, search.by.unit];
  return [
    ...from,
    ...by,
    ...(search.order === undefined ? [] : [search.order]),
    ...(search.count === undefined ? [] : ["COUNT", search.count]),
  ];
}

/**
 * GEOSEARCH key FROMMEMBER m | FROMLONLAT lon lat BYRADIUS r unit | BYBOX w h unit [ASC | DESC] [COUNT n]: members in an area.
 * @see https://redis.io/commands/geosearch
 */
export const geosearch = defineClientCommand<(key: RedisKey, search: GeoSearch) => string[]>({
  name: "GEOSEARCH",
  encode: (key, search) => [key, ...encodeGeoSearch(search)],
  decode: asTextArray,
});

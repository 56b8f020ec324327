import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/** A named position. */
export interface GeoPoint {
  readonly longitude: number;
  readonly latitude: number;
  readonly member: RedisArgument;
}

/**
 * GEOADD key longitude latitude member [...]: add positions; how many were new.
 * @see https://redis.io/commands/geoadd
 */
export const geoadd = defineClientCommand<
  (key: RedisKey, ...points: [GeoPoint, ...GeoPoint[]]) => number
>({
  name: "GEOADD",
  encode: (key, ...points) => [
    key,
    ...points.flatMap((point) => [point.longitude, point.latitude, point.member]),
  ],
  decode: asInteger,
});

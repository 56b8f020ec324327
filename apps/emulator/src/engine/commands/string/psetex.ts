import { defineSetWithExpiry } from "./setex.ts";

/**
 * PSETEX key milliseconds value: sets `key` to `value` expiring in `milliseconds`.
 * @see https://redis.io/commands/psetex
 */
export const psetex = defineSetWithExpiry({
  name: "PSETEX",
  unit: "milliseconds",
  since: "2.6.0",
  summary:
    "Sets both string value and expiration time in milliseconds of a key. The key is created if it doesn't exist.",
});

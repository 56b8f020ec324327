import { definePush } from "./lpush.ts";

/**
 * RPUSH key element [element ...]: appends the elements, creating the list; the new length.
 * @see https://redis.io/commands/rpush
 */
export const rpush = definePush({
  name: "RPUSH",
  end: "right",
  summary: "Appends one or more elements to a list. Creates the key if it doesn't exist.",
});

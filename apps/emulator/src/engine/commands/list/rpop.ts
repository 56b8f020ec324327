import { definePop } from "./lpop.ts";

/**
 * RPOP key [count]: removes and returns the last element, or with `count` up to that many as an
 * array (last first); the list is deleted once empty.
 * @see https://redis.io/commands/rpop
 */
export const rpop = definePop({
  name: "RPOP",
  end: "right",
  summary:
    "Returns and removes the last elements of a list. Deletes the list if the last element was popped.",
});

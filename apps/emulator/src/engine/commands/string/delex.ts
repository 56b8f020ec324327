import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { digestMatches } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

/** Whether the string `value` meets DELEX's condition. */
function meetsCondition(value: string, condition: string, match: string): boolean {
  switch (asciiUpper(condition)) {
    case "IFEQ":
      return value === match;
    case "IFNE":
      return value !== match;
    case "IFDEQ":
      return digestMatches(value, match);
    case "IFDNE":
      return !digestMatches(value, match);
    default:
      throw new ReplyError(ERR.DELEX_CONDITION);
  }
}

/**
 * DELEX key [IFEQ value | IFNE value | IFDEQ digest | IFDNE digest]: deletes `key` (of any type
 * without a condition; a string meeting the condition with one); 1 if deleted, else 0.
 * @see https://redis.io/commands/delex
 */
export const delex = defineCommand({
  name: "DELEX",
  group: "string",
  arity: -2,
  flags: ["write", "fast"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  since: "8.4.0",
  summary: "Conditionally removes the specified key based on value or digest comparison.",
  complexity: "O(1) for IFEQ/IFNE, O(N) for IFDEQ/IFDNE where N is the length of the string value.",
  parse: (args) => {
    const key = args.key();
    const condition = args.rest();
    // A condition is a token and its value; anything else is an arity error, even for a missing key.
    if (condition.length !== 0 && condition.length !== 2) {
      throw new ReplyError(ERR.WRONG_ARITY("delex"));
    }
    return { key, condition };
  },
  run: (ctx, { key, condition }) => {
    const value = ctx.db.get(key);
    if (value === undefined) {
      return reply.integer(0);
    }
    const [name, match] = condition;
    if (name !== undefined) {
      if (typeof value !== "string") {
        throw new ReplyError(ERR.DELEX_NOT_STRING);
      }
      if (!meetsCondition(value, name, match ?? "")) {
        return reply.integer(0);
      }
    }
    ctx.db.delete(key);
    ctx.modified(key, "del", "g");
    ctx.propagate(["DEL", key]);
    return reply.integer(1);
  },
});

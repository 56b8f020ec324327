import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import type { CommandContext } from "../context.ts";
import { defineCommand } from "../define.ts";

/**
 * RENAMENX key newkey: RENAME only when newkey does not exist; 1 when renamed, else 0.
 * @see https://redis.io/commands/renamenx
 */
export const renamenx = defineCommand({
  name: "RENAMENX",
  group: "generic",
  arity: 3,
  flags: ["write", "fast"],
  categories: ["keyspace"],
  keys: { first: 1, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      flags: ["OW", "insert"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Renames a key only when the target key name doesn't exist.",
  complexity: "O(1)",
  parse: (args) => ({ source: args.key(), destination: args.key() }),
  run: (ctx, { source, destination }) => renameKey(ctx, { source, destination }),
});

/** `renameGenericCommand` with nx = true: the value and its TTL move; the destination is replaced. */
function renameKey(ctx: CommandContext, keys: { source: string; destination: string }) {
  const { source, destination } = keys;
  const value = ctx.db.get(source);
  if (value === undefined) {
    throw new ReplyError(ERR.NO_SUCH_KEY);
  }
  if (source === destination) {
    return reply.integer(0);
  }
  if (ctx.db.has(destination)) {
    return reply.integer(0);
  }
  const expiresAt = ctx.db.expiresAt(source);
  // An existing destination is overwritten without a `del` event, as in Redis.
  ctx.db.set(destination, value);
  if (expiresAt !== undefined) {
    ctx.db.setExpiresAt(destination, expiresAt);
  }
  ctx.db.delete(source);
  ctx.modified(source, "rename_from", "g");
  ctx.modified(destination, "rename_to", "g");
  return reply.integer(1);
}

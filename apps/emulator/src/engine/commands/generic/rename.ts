import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import type { CommandContext } from "../context.ts";
import { defineCommand } from "../define.ts";

/**
 * RENAME key newkey: renames the key, keeping its TTL and replacing any value at newkey.
 * @see https://redis.io/commands/rename
 */
export const rename = defineCommand({
  name: "RENAME",
  group: "generic",
  arity: 3,
  flags: ["write"],
  categories: ["keyspace"],
  keys: { first: 1, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      flags: ["OW", "update"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Renames a key and overwrites the destination.",
  complexity: "O(1)",
  parse: (args) => ({ source: args.key(), destination: args.key() }),
  run: (ctx, { source, destination }) => renameKey(ctx, { source, destination }),
});

/** `renameGenericCommand` with nx = false: the value and its TTL move; the destination is replaced. */
function renameKey(ctx: CommandContext, keys: { source: string; destination: string }) {
  const { source, destination } = keys;
  const value = ctx.db.get(source);
  if (value === undefined) {
    throw new ReplyError(ERR.NO_SUCH_KEY);
  }
  if (source === destination) {
    return reply.ok();
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
  return reply.ok();
}

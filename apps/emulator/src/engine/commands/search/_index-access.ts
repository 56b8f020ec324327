/** What the SEARCH.* commands share: finding an index (synced with the keyspace first). */
import type { Database } from "../../keyspace.ts";
import type { Scores } from "../../search/query.ts";
import type { SearchIndex } from "../../search/search-index.ts";
import type { CommandContext } from "../context.ts";

/** The index `nameOrAlias` names (aliases first), brought up to date with the keyspace. */
export function resolveIndex(ctx: CommandContext, nameOrAlias: string): SearchIndex | undefined {
  ctx.server.search.sync();
  return ctx.server.search.resolve(nameOrAlias);
}

/**
 * The database whose keys the index holds (the one SEARCH.CREATE ran in): index names are global,
 * so a client that SELECTed another database still reads that one's documents.
 */
export function indexDatabase(ctx: CommandContext, index: SearchIndex): Database {
  return ctx.server.databases[index.definition.db] ?? ctx.db;
}

/** Index definitions and aliases changed: the storage log records the command (dirty++). */
export function markChanged(ctx: CommandContext): void {
  ctx.server.stats.dirty++;
}

/**
 * The matches whose keys are still live: a key whose TTL has passed but that no access removed yet
 * is removed now (which queues it for the index) and not returned.
 */
export function liveScores(ctx: CommandContext, index: SearchIndex, scores: Scores): Scores {
  const db = indexDatabase(ctx, index);
  if (db.expiresCount === 0) {
    return scores;
  }
  const { stream } = index.definition;
  if (stream !== undefined) {
    // A stream's entries live and expire with the stream key.
    if (!db.has(stream)) {
      scores.clear();
    }
    return scores;
  }
  for (const id of [...scores.keys()]) {
    if (!db.has(index.keyOf(id) as string)) {
      scores.delete(id);
    }
  }
  return scores;
}

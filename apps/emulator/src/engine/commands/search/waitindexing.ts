import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { resolveIndex } from "./_index-access.ts";

/**
 * SEARCH.WAITINDEXING name|alias: 1 once earlier writes are searchable (indexing is synchronous
 * here, so at once), 0 when there is no such index.
 * @see redis-search.md §1.5
 */
export const searchWaitindexing = defineCommand({
  name: "SEARCH.WAITINDEXING",
  group: "search",
  arity: 2,
  flags: ["readonly"],
  // The rule: a read-only token runs QUERY, COUNT, AGGREGATE, DESCRIBE and LIST* only.
  traits: ["read-only-token-denied"],
  since: "1.0.0",
  summary: "Waits until earlier writes are visible to a search index.",
  complexity: "O(N) for N keys written since the last search command",
  parse: (args) => ({ name: args.string() }),
  run: (ctx, { name }) => reply.integer(resolveIndex(ctx, name) === undefined ? 0 : 1),
});

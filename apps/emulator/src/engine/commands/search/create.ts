import { reply } from "../../reply.ts";
import { searchError } from "../../search/errors.ts";
import { parseCreate, sameDefinition } from "../../search/schema.ts";
import { defineCommand } from "../define.ts";
import { markChanged } from "./_index-access.ts";

/**
 * SEARCH.CREATE name [SKIPINITIALSCAN] [EXISTSOK] ON JSON|HASH|STRING PREFIX n p… | ON STREAM key
 * [LANGUAGE l]
 * SCHEMA field TYPE [options]…: 1 created, 0 with EXISTSOK and an identical index.
 * @see https://upstash.com/docs/redis/sdks/ts/commands/search/createIndex (redis-search.md §1.1)
 */
export const searchCreate = defineCommand({
  name: "SEARCH.CREATE",
  group: "search",
  arity: -2,
  flags: ["write", "denyoom"],
  since: "1.0.0",
  summary:
    "Creates a full-text search index over JSON, hash or string keys under given prefixes, or over one stream's entries.",
  complexity: "O(N) for the initial scan of N keys",
  parse: (args) => ({ name: args.string(), rest: args.rest() }),
  run: (ctx, { name, rest }) => {
    const request = parseCreate({ name, db: ctx.db.index, args: rest });
    const search = ctx.server.search;
    const existing = search.byName(name);
    if (existing !== undefined) {
      if (!request.existsOk) {
        throw searchError(`ERR Index ${name} already exists`);
      }
      if (!sameDefinition(existing.definition, request.definition)) {
        throw searchError(`ERR Index ${name} already exists with a different definition`);
      }
      return reply.integer(0);
    }
    const { stream } = request.definition;
    for (const other of stream === undefined ? [] : search.indexes()) {
      if (other.definition.stream === stream && other.definition.db === ctx.db.index) {
        // redis-search streams page: one index per stream; SEARCH.DROP it to bind another.
        throw searchError(`ERR Stream ${stream} is already indexed by ${other.definition.name}`);
      }
    }
    if (ctx.db.has(name)) {
      throw searchError(`ERR Key ${name} already exists and is not an index`);
    }
    search.create(request.definition, { skipInitialScan: request.skipInitialScan });
    markChanged(ctx);
    return reply.integer(1);
  },
});

import { reply } from "../../reply.ts";
import { fieldOptions } from "../../search/schema.ts";
import { defineCommand } from "../define.ts";
import { resolveIndex } from "./_index-access.ts";

/** Rough bytes per indexed document, for `indexSize` (the service reports its Tantivy files). */
const BYTES_PER_DOCUMENT = 64;

/**
 * SEARCH.DESCRIBE name|alias: the definition as a flat name/value array, or nil.
 * @see redis-search.md §1.4
 */
export const searchDescribe = defineCommand({
  name: "SEARCH.DESCRIBE",
  group: "search",
  arity: 2,
  flags: ["readonly"],
  since: "1.0.0",
  summary: "Describes a search index: data type, prefixes, language and schema.",
  complexity: "O(F) for F fields",
  parse: (args) => ({ name: args.string() }),
  run: (ctx, { name }) => {
    const index = resolveIndex(ctx, name);
    if (index === undefined) {
      return reply.null();
    }
    const { definition } = index;
    return reply.array([
      reply.bulk("name"),
      reply.bulk(definition.name),
      reply.bulk("type"),
      reply.bulk(definition.dataType),
      reply.bulk("prefixes"),
      // A STREAM index lists its stream key here (unconfirmed: the streams page shows no DESCRIBE).
      reply.bulks(definition.stream === undefined ? definition.prefixes : [definition.stream]),
      reply.bulk("language"),
      reply.bulk(definition.language),
      reply.bulk("indexSize"),
      reply.integer(index.size * BYTES_PER_DOCUMENT),
      reply.bulk("pendingUpdates"),
      reply.integer(0),
      reply.bulk("schema"),
      reply.array(
        definition.fields.map((field) =>
          reply.bulks([field.name, field.type, ...fieldOptions(field)]),
        ),
      ),
    ]);
  },
});

/**
 * The search databases as a {@link StatefulProduct}: reset empties every search index of a
 * database (its documents go, the database and its tokens stay), through the same `reset?all`
 * command the SDK's `reset` runs, so it is journaled and persisted like any write. The seed
 * section is `{"<database>": {"<index>": [{"id", "content", "metadata"}, …]}}`, upserted through
 * the same command as the SDK's `upsert` (validated, embedded, journaled).
 */
import { searchCommands } from "../search/commands.ts";
import type { SearchService } from "../search/service.ts";
import { StateError, type StatefulProduct } from "./state.ts";

type SearchSeed = Readonly<
  Record<string, Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>>
>;

const SHAPE =
  'seed "search": expected {"<database>": {"<index>": [{"id": "a", "content": {…}, "metadata": {…}}, …]}}';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkSearchSeed(section: unknown): SearchSeed {
  if (!isObject(section)) {
    throw new StateError(SHAPE);
  }
  for (const [database, indexes] of Object.entries(section)) {
    if (!isObject(indexes)) {
      throw new StateError(`seed "search"."${database}": expected {"<index>": [documents]}`);
    }
    for (const [index, documents] of Object.entries(indexes)) {
      if (!Array.isArray(documents) || !documents.every(isObject)) {
        throw new StateError(
          `seed "search"."${database}"."${index}": expected a list of documents (objects)`,
        );
      }
    }
  }
  return section as SearchSeed;
}

export function searchStateProduct(service: SearchService): StatefulProduct {
  const commands = searchCommands();
  const commandNamed = (name: string) => {
    const command = commands[name];
    if (command === undefined) {
      throw new Error(`no search command ${name}`);
    }
    return command;
  };
  const databaseNamed = (name: string) => {
    const database = service.database(name);
    if (database === undefined) {
      throw new StateError(`search: no database named "${name}"`, 404);
    }
    return database;
  };
  return {
    name: "search",
    resources: () => service.listDatabases().map((database) => database.name),
    async reset(resource) {
      const names = resource === undefined ? this.resources() : [resource];
      for (const name of names) {
        await service.execute(commandNamed("reset"), {
          index: databaseNamed(name),
          namespace: "",
          body: undefined,
          query: new URLSearchParams("all"),
        });
      }
    },
    validateSeed(section) {
      checkSearchSeed(section);
    },
    async seed(section, resource) {
      for (const [name, indexes] of Object.entries(checkSearchSeed(section))) {
        if (resource !== undefined && resource !== name) {
          continue;
        }
        const database = databaseNamed(name);
        for (const [index, documents] of Object.entries(indexes)) {
          try {
            await service.execute(commandNamed("upsert-data"), {
              index: database,
              namespace: index,
              body: documents,
              query: new URLSearchParams(),
            });
          } catch (error: unknown) {
            throw new StateError(
              `search seed of "${name}"."${index}": ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        }
      }
    },
  };
}

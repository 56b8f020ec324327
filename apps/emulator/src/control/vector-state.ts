/**
 * The vector indexes as a {@link StatefulProduct}: reset empties every namespace of an index (they
 * stay listed, as `reset?all` does), and the seed section is
 * `{"<index>": [{"id", "vector" | "sparseVector" | "data", "metadata", "data", "namespace"}, …]}`,
 * upserted through the same command as `POST /upsert` (validated, journaled, persisted).
 */
import { VECTOR_COMMANDS, type VectorCommand } from "../vector/index.ts";
import type { VectorService } from "../vector/service.ts";
import { StateError, type StatefulProduct } from "./state.ts";

type VectorSeed = Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>;

function commandNamed(name: string): VectorCommand {
  const command = VECTOR_COMMANDS[name];
  if (command === undefined) {
    throw new Error(`no vector command ${name}`);
  }
  return command;
}

export function vectorStateProduct(service: VectorService): StatefulProduct {
  const indexNamed = (name: string) => {
    const index = service.index(name);
    if (index === undefined) {
      throw new StateError(`vector: no index named "${name}"`, 404);
    }
    return index;
  };
  return {
    name: "vector",
    resources: () => service.listIndexes().map((index) => index.name),
    async reset(resource) {
      const names = resource === undefined ? this.resources() : [resource];
      for (const name of names) {
        await service.execute(commandNamed("reset"), {
          index: indexNamed(name),
          namespace: "",
          body: undefined,
          query: new URLSearchParams("all"),
        });
      }
    },
    validateSeed(section) {
      checkVectorSeed(section);
    },
    async seed(section, resource) {
      for (const [name, records] of Object.entries(checkVectorSeed(section))) {
        if (resource !== undefined && resource !== name) {
          continue;
        }
        const index = indexNamed(name);
        // One upsert per namespace, in the order the records come.
        const byNamespace = new Map<string, Record<string, unknown>[]>();
        for (const { namespace = "", ...record } of records) {
          const key = String(namespace);
          byNamespace.set(key, [...(byNamespace.get(key) ?? []), record]);
        }
        for (const [namespace, list] of byNamespace) {
          // Records with only `data` are embedded by the index's model (upsert-data).
          const isData = list.every(
            (item) => item["vector"] === undefined && item["sparseVector"] === undefined,
          );
          try {
            await service.execute(commandNamed(isData ? "upsert-data" : "upsert"), {
              index,
              namespace,
              body: list,
              query: new URLSearchParams(),
            });
          } catch (error: unknown) {
            throw new StateError(
              `vector seed of "${name}": ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        }
      }
    },
  };
}

function checkVectorSeed(section: unknown): VectorSeed {
  const shape = 'seed "vector": expected {"<index>": [{"id": "a", "vector": [0.1, …], …}, …]}';
  if (typeof section !== "object" || section === null || Array.isArray(section)) {
    throw new StateError(shape);
  }
  for (const [name, records] of Object.entries(section)) {
    const isValid =
      Array.isArray(records) &&
      records.every(
        (record: unknown) =>
          typeof record === "object" &&
          record !== null &&
          !Array.isArray(record) &&
          ((record as { namespace?: unknown }).namespace === undefined ||
            typeof (record as { namespace?: unknown }).namespace === "string"),
      );
    if (!isValid) {
      throw new StateError(`seed "vector"."${name}": expected a list of records (objects)`);
    }
  }
  return section as VectorSeed;
}

/**
 * Vector indexes as JSON Lines: one record per line, `{"id", "vector"?, "sparseVector"?,
 * "metadata"?, "data"?, "namespace"}`, every namespace. Export pages through `range`; import
 * upserts through the same command as `POST /upsert` (validated, journaled, persisted).
 */
import { VECTOR_COMMANDS, type VectorCommand } from "./commands.ts";
import { VectorRequestError } from "./errors.ts";
import type { VectorService } from "./service.ts";

const PAGE = 1000;

function commandNamed(name: string): VectorCommand {
  const command = VECTOR_COMMANDS[name];
  if (command === undefined) {
    throw new Error(`no vector command ${name}`);
  }
  return command;
}

/** A line that cannot be imported: which, and why. Nothing of the file is written then. */
export class JsonlImportError extends Error {
  override readonly name = "JsonlImportError";
}

function indexNamed(service: VectorService, name: string) {
  const index = service.index(name);
  if (index === undefined) {
    throw new JsonlImportError(`no vector index named "${name}"`);
  }
  return index;
}

/** Every record of the index `name`, one JSON object per line. */
export async function exportJsonl(service: VectorService, name: string): Promise<string> {
  const index = indexNamed(service, name);
  const lines: string[] = [];
  for (const namespace of index.namespaceNames()) {
    let cursor = "0";
    do {
      const outcome = await service.execute(commandNamed("range"), {
        index,
        namespace,
        body: {
          cursor,
          limit: PAGE,
          includeVectors: true,
          includeMetadata: true,
          includeData: true,
        },
        query: new URLSearchParams(),
      });
      const page = outcome.result as { nextCursor: string; vectors: Record<string, unknown>[] };
      for (const record of page.vectors) {
        lines.push(JSON.stringify({ ...record, namespace }));
      }
      cursor = page.nextCursor;
    } while (cursor !== "" && cursor !== "0");
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

/**
 * Upserts the records of a JSON Lines text into the index `name`. Every line is parsed first (a
 * line that is not a JSON object writes nothing), and each namespace's records are checked
 * together before any is written. Resolves with the number of records.
 */
export async function importJsonl(
  service: VectorService,
  options: { name: string; text: string },
): Promise<number> {
  const index = indexNamed(service, options.name);
  const byNamespace = new Map<string, Record<string, unknown>[]>();
  let count = 0;
  for (const [number, line] of options.text.split("\n").entries()) {
    if (line.trim() === "") {
      continue;
    }
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (error: unknown) {
      throw new JsonlImportError(
        `line ${number + 1}: not JSON (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (typeof record !== "object" || record === null || Array.isArray(record)) {
      throw new JsonlImportError(`line ${number + 1}: expected a record object`);
    }
    const { namespace = "", ...rest } = record as Record<string, unknown>;
    if (typeof namespace !== "string") {
      throw new JsonlImportError(`line ${number + 1}: namespace must be a string`);
    }
    byNamespace.set(namespace, [...(byNamespace.get(namespace) ?? []), rest]);
    count += 1;
  }
  for (const [namespace, records] of byNamespace) {
    try {
      await service.execute(commandNamed("upsert"), {
        index,
        namespace,
        body: records,
        query: new URLSearchParams(),
      });
    } catch (error: unknown) {
      if (error instanceof VectorRequestError) {
        throw new JsonlImportError(`namespace "${namespace}": ${error.message}`);
      }
      throw error;
    }
  }
  return count;
}

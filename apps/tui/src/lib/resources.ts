/**
 * The Resources screen's model: the five lists of the management API flattened into one list of
 * rows (section headers and items), each list loaded on its own so one failing kind does not hide
 * the others.
 */
import type { ManagementService, ResourceRef } from "./services.ts";

/** The resource kinds listed, in screen order. */
export const RESOURCE_SECTIONS = [
  "databases",
  "vector indexes",
  "search indexes",
  "queues",
  "teams",
] as const;

/** One of {@link RESOURCE_SECTIONS}. */
export type ResourceSection = (typeof RESOURCE_SECTIONS)[number];

/** A listed resource; `open` is set where it has a stats screen. */
export interface ResourceItem {
  readonly id: string;
  readonly name: string;
  /** A short description: region, type, state. */
  readonly detail: string;
  readonly open: ResourceRef | undefined;
}

/** One section: its items, or why it could not be listed. */
export type SectionResult =
  | { readonly ok: true; readonly items: readonly ResourceItem[] }
  | { readonly ok: false; readonly error: unknown };

/** Every section. */
export type ResourceListing = Readonly<Record<ResourceSection, SectionResult>>;

const joinDetail = (parts: readonly (string | number | undefined)[]): string =>
  parts.filter((part) => part !== undefined && part !== "").join(" · ");

/** Lists every kind at once; never rejects. */
export async function loadResources(api: ManagementService): Promise<ResourceListing> {
  const settle = async (list: () => Promise<readonly ResourceItem[]>): Promise<SectionResult> => {
    try {
      return { ok: true, items: await list() };
    } catch (error: unknown) {
      return { ok: false, error };
    }
  };
  const [databases, vectors, searches, queues, teams] = await Promise.all([
    settle(async () =>
      (await api.listDatabases()).map((database) => ({
        id: database.database_id,
        name: database.database_name,
        detail: joinDetail([database.primary_region, database.type, database.state]),
        open: { kind: "database", id: database.database_id, name: database.database_name },
      })),
    ),
    settle(async () =>
      (await api.listVectorIndexes()).map((index) => ({
        id: index.id,
        name: index.name,
        detail: joinDetail([
          index.region,
          index.index_type,
          index.similarity_function,
          index.dimension_count === undefined ? undefined : `${index.dimension_count}d`,
        ]),
        open: { kind: "vector", id: index.id, name: index.name },
      })),
    ),
    settle(async () =>
      Promise.all(
        (await api.listSearchIndexes()).map(async (index) => {
          // A database whose REST interface does not answer is still listed, without a count.
          const documents = await api.searchDocumentCount(index).catch(() => undefined);
          return {
            id: index.id,
            name: index.name,
            detail: joinDetail([
              index.region,
              index.type,
              documents === undefined ? undefined : `${documents} documents`,
            ]),
            open: { kind: "search", id: index.id, name: index.name } as const,
          };
        }),
      ),
    ),
    settle(async () =>
      (await api.listQueues()).map((queue) => ({
        id: queue.id,
        name: queue.id,
        detail: joinDetail([
          queue.region,
          queue.type,
          queue.state,
          queue.budget === undefined ? undefined : `budget $${queue.budget}`,
        ]),
        open: undefined,
      })),
    ),
    settle(async () =>
      (await api.listTeams()).map((team) => ({
        id: team.team_id,
        name: team.team_name,
        detail: "",
        open: undefined,
      })),
    ),
  ]);
  return {
    databases,
    "vector indexes": vectors,
    "search indexes": searches,
    queues,
    teams,
  };
}

/** A line of the flattened list. */
export type ResourceRow =
  | { readonly kind: "header"; readonly section: ResourceSection; readonly text: string }
  | { readonly kind: "item"; readonly section: ResourceSection; readonly item: ResourceItem }
  | { readonly kind: "failed"; readonly section: ResourceSection; readonly error: unknown };

/** Headers with counts, then the items (or the failure) of each section. */
export function flattenResources(listing: ResourceListing): ResourceRow[] {
  const rows: ResourceRow[] = [];
  for (const section of RESOURCE_SECTIONS) {
    const result = listing[section];
    const count = result.ok ? String(result.items.length) : "?";
    rows.push({ kind: "header", section, text: `${section} (${count})` });
    if (result.ok) {
      for (const item of result.items) {
        rows.push({ kind: "item", section, item });
      }
    } else {
      rows.push({ kind: "failed", section, error: result.error });
    }
  }
  return rows;
}

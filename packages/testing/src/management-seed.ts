/**
 * Teams and resources through the management API (management-api.md §3, §4), so a test starts
 * from an account that already has them. Bodies use the API's snake_case names.
 */
import type { FetchFunction } from "./rest.ts";

/** The management API's base URL (ending in `/v2`) and basic-auth credentials. */
export interface ManagementTarget {
  readonly url: string;
  readonly email: string;
  readonly apiKey: string;
  readonly fetch?: FetchFunction;
}

/** What {@link seedManagement} creates, in this order. */
export interface ManagementSeedData {
  /** `POST /team`. */
  readonly teams?: readonly { readonly name: string; readonly copyCc?: boolean }[];
  /** `POST /redis/database`. @default region `eu-west-1` */
  readonly databases?: readonly { readonly name: string; readonly region?: string }[];
  /** `POST /vector/index`. @default region `eu-west-1`, similarity `COSINE`, type `DENSE` */
  readonly vectorIndexes?: readonly {
    readonly name: string;
    readonly dimension: number;
    readonly similarity?: "COSINE" | "EUCLIDEAN" | "DOT_PRODUCT";
    readonly indexType?: "DENSE" | "SPARSE" | "HYBRID";
    readonly embeddingModel?: string;
    readonly sparseEmbeddingModel?: string;
    readonly region?: string;
  }[];
  /** `POST /search`. @default region `eu-west-1`, type `payg` */
  readonly searchIndexes?: readonly { readonly name: string; readonly region?: string }[];
}

/** The records the API returned, by kind, in the order they were given. */
export interface SeededResources {
  readonly teams: readonly Record<string, unknown>[];
  readonly databases: readonly Record<string, unknown>[];
  readonly vectorIndexes: readonly Record<string, unknown>[];
  readonly searchIndexes: readonly Record<string, unknown>[];
}

/** A management call answered with a non-2xx status. */
export class ManagementCallError extends Error {
  override readonly name = "ManagementCallError";
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** Valid for every resource kind: Redis (aws), vector and search indexes. */
const DEFAULT_REGION = "eu-west-1";

/** One management operation; returns the parsed body or throws {@link ManagementCallError}. */
export async function callManagement(
  target: ManagementTarget,
  request: { readonly method: string; readonly path: string; readonly body?: unknown },
): Promise<unknown> {
  const credentials = Buffer.from(`${target.email}:${target.apiKey}`).toString("base64");
  const response = await (target.fetch ?? fetch)(
    `${target.url.replace(/\/$/, "")}${request.path}`,
    {
      method: request.method,
      headers: { authorization: `Basic ${credentials}`, "content-type": "application/json" },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    },
  );
  const text = await response.text();
  if (!response.ok) {
    throw new ManagementCallError(
      `${request.method} ${request.path} failed with ${response.status}: ${text.slice(0, 200)}`,
      response.status,
    );
  }
  return text === "" ? undefined : JSON.parse(text);
}

/** Creates teams and resources one by one and returns what the API answered for each. */
export async function seedManagement(
  target: ManagementTarget,
  data: ManagementSeedData,
): Promise<SeededResources> {
  const create = async <TItem>(
    items: readonly TItem[] | undefined,
    path: string,
    body: (item: TItem) => unknown,
  ): Promise<Record<string, unknown>[]> => {
    const created: Record<string, unknown>[] = [];
    for (const item of items ?? []) {
      created.push(
        (await callManagement(target, { method: "POST", path, body: body(item) })) as Record<
          string,
          unknown
        >,
      );
    }
    return created;
  };
  const teams = await create(data.teams, "/team", (team) => ({
    team_name: team.name,
    copy_cc: team.copyCc ?? false,
  }));
  const databases = await create(data.databases, "/redis/database", (database) => ({
    database_name: database.name,
    platform: "aws",
    primary_region: database.region ?? DEFAULT_REGION,
  }));
  const vectorIndexes = await create(data.vectorIndexes, "/vector/index", (index) => ({
    name: index.name,
    region: index.region ?? DEFAULT_REGION,
    similarity_function: index.similarity ?? "COSINE",
    dimension_count: index.dimension,
    index_type: index.indexType ?? "DENSE",
    ...(index.embeddingModel === undefined ? {} : { embedding_model: index.embeddingModel }),
    ...(index.sparseEmbeddingModel === undefined
      ? {}
      : { sparse_embedding_model: index.sparseEmbeddingModel }),
  }));
  const searchIndexes = await create(data.searchIndexes, "/search", (index) => ({
    name: index.name,
    region: index.region ?? DEFAULT_REGION,
    type: "payg",
  }));
  return { teams, databases, vectorIndexes, searchIndexes };
}

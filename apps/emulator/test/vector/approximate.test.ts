/**
 * Approximate (HNSW) search of DENSE indexes (issue 21, docs/vector-search.md): recall against the
 * exact scan on clustered data, exact scores for what it returns, writes after linking (updates,
 * deletes, namespaces, resets), filters that leave few candidates, and a restart from the data
 * directory. Each test runs the same requests against an exact service and compares.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "vitest";
import { createVectorRoute } from "../../src/http/routes/vector.ts";
import { ManualClock } from "../../src/index.ts";
import { toFloat32Json } from "../../src/vector/float32.ts";
import { type ApproximateSearchConfig, VectorService } from "../../src/vector/index.ts";
import { createDenseScorer, squaredNorm } from "../../src/vector/similarity.ts";
import { sendToRoute } from "./fixtures.ts";

const DIMENSION = 48;
const CLUSTERS = 24;
const COUNT = 2000;
const APPROXIMATE: ApproximateSearchConfig = { minVectors: 500, ef: 64, linkInBackground: false };

interface Hit {
  readonly id: string;
  readonly score: number;
  readonly metadata?: { group: number };
}

/** Seeded clustered vectors: Gaussian clusters around random centres. */
function clusteredData(seed: number) {
  // mulberry32: integer arithmetic (an LCG in doubles loses bits and cycles within ~10^4 values,
  // which made most of these vectors duplicates).
  let state = seed >>> 0;
  const uniform = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 1) / (2 ** 32 + 1);
  };
  const gaussian = (): number =>
    Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const centres = Array.from({ length: CLUSTERS }, () =>
    Array.from({ length: DIMENSION }, gaussian),
  );
  return {
    vector(): number[] {
      const centre = centres[Math.floor(uniform() * CLUSTERS)] as number[];
      return centre.map((value) => Math.fround(value + 0.6 * gaussian()));
    },
  };
}

async function createService(
  approximateSearch: ApproximateSearchConfig | false,
  storeDirectory?: string,
): Promise<VectorService> {
  const service = await VectorService.open({
    clock: new ManualClock(),
    approximateSearch,
    storeDirectory,
  });
  if (service.getIndex("idx") === undefined) {
    await service.createIndex({
      name: "idx",
      type: "DENSE",
      dimension: DIMENSION,
      similarity: "COSINE",
      token: "t",
      readOnlyToken: "r",
    });
  }
  return service;
}

async function send(service: VectorService, path: string, body: unknown): Promise<unknown> {
  const response = await sendToRoute(createVectorRoute({ service }), { path, body, token: "t" });
  if (response.status !== 200) {
    throw new Error(`${path}: ${JSON.stringify(response.body)}`);
  }
  return (response.body as { result: unknown }).result;
}

/** The same requests to both services. */
async function sendBoth(services: VectorService[], path: string, body: unknown): Promise<void> {
  for (const service of services) {
    await send(service, path, body);
  }
}

async function query(
  service: VectorService,
  request: { vector: number[]; topK?: number; filter?: string; namespace?: string },
): Promise<Hit[]> {
  const { namespace, ...body } = request;
  const path = namespace === undefined ? "query" : `query/${namespace}`;
  return (await send(service, path, { topK: 10, includeMetadata: true, ...body })) as Hit[];
}

function linkAll(service: VectorService, namespace = ""): { linked: number; queued: number } {
  const store = service.index("idx")?.namespace(namespace);
  store?.linkPending();
  return {
    linked: store?.graph?.linkedCount ?? 0,
    queued: store?.graph?.queuedCount ?? 0,
  };
}

async function seed(services: VectorService[], options: { count: number; seed: number }) {
  const data = clusteredData(options.seed);
  const vectors = new Map<string, number[]>();
  for (let offset = 0; offset < options.count; offset += 500) {
    const batch = Array.from({ length: 500 }, (_, i) => {
      const id = `v${offset + i}`;
      const vector = data.vector();
      vectors.set(id, vector);
      return { id, vector, metadata: { group: (offset + i) % 200 } };
    });
    await sendBoth(services, "upsert", batch);
  }
  return { data, vectors };
}

/** The service's exact COSINE score of `vector` for `query`, as JSON writes it. */
function exactScore(query: number[], vector: number[]): number {
  const row = Float32Array.from(vector);
  return toFloat32Json(
    createDenseScorer("COSINE", Float32Array.from(query)).score(
      row,
      0,
      squaredNorm(row, 0, DIMENSION),
    ),
  );
}

test("recall@10 is at least 0.95 of the exact scan on clustered data, with exact scores", async ({
  expect,
}) => {
  // Given the same clustered vectors in an approximate and an exact service
  await using approximate = await createService(APPROXIMATE);
  await using exact = await createService(false);
  const { data, vectors } = await seed([approximate, exact], { count: COUNT, seed: 7 });
  expect(linkAll(approximate)).toEqual({ linked: COUNT, queued: 0 });
  // When both answer the same queries
  let found = 0;
  const queries = 40;
  for (let q = 0; q < queries; q++) {
    const vector = data.vector();
    const expected = await query(exact, { vector });
    const actual = await query(approximate, { vector });
    const expectedIds = new Set(expected.map((hit) => hit.id));
    found += actual.filter((hit) => expectedIds.has(hit.id)).length;
    // Then each returned score is the exact rule's, best first
    for (const hit of actual) {
      expect(hit.score).toBe(exactScore(vector, vectors.get(hit.id) as number[]));
    }
    expect(actual.map((hit) => hit.score)).toEqual(
      actual.map((hit) => hit.score).sort((a, b) => b - a),
    );
  }
  // And at least 95% of the exact top-10 is found
  expect(found / (queries * 10)).toBeGreaterThanOrEqual(0.95);
});

test("updates, deletes and writes not yet linked are reflected at once", async ({ expect }) => {
  await using approximate = await createService(APPROXIMATE);
  await using exact = await createService(false);
  const { data } = await seed([approximate, exact], { count: COUNT, seed: 11 });
  linkAll(approximate);
  const target = data.vector();
  // Given the current top results for a query, deleted
  const before = await query(approximate, { vector: target, topK: 5 });
  await sendBoth(
    [approximate, exact],
    "delete",
    before.map((hit) => hit.id),
  );
  // And one existing record moved onto the query, one new record (not linked yet) close to it
  await sendBoth([approximate, exact], "upsert", [
    { id: "v3", vector: target, metadata: { group: 3 } },
    { id: "fresh", vector: target.map((value, i) => (i === 0 ? value + 0.01 : value)) },
  ]);
  const graph = approximate.index("idx")?.namespace("")?.graph;
  expect(graph?.queuedCount).toBe(2);
  // Then the approximate answer has neither deleted id, and the moved and new ones first
  const after = await query(approximate, { vector: target });
  const deleted = new Set(before.map((hit) => hit.id));
  expect(after.some((hit) => deleted.has(hit.id))).toBe(false);
  expect(after.slice(0, 2).map((hit) => hit.id)).toEqual(["v3", "fresh"]);
  expect(after[0]?.score).toBe(1);
  // And, once linked, it still agrees with the exact scan on the head of the ranking
  linkAll(approximate);
  const exactAfter = await query(exact, { vector: target });
  expect((await query(approximate, { vector: target })).slice(0, 2)).toEqual(
    exactAfter.slice(0, 2),
  );
});

test("namespaces keep separate graphs and a reset empties one", async ({ expect }) => {
  await using approximate = await createService(APPROXIMATE);
  const data = clusteredData(3);
  const batch = (prefix: string) =>
    Array.from({ length: 600 }, (_, i) => ({ id: `${prefix}${i}`, vector: data.vector() }));
  await send(approximate, "upsert/a", batch("a"));
  await send(approximate, "upsert/b", batch("b"));
  expect(linkAll(approximate, "a").linked).toBe(600);
  expect(linkAll(approximate, "b").linked).toBe(600);
  const vector = data.vector();
  // Each namespace answers from its own records
  const fromA = await query(approximate, { vector, namespace: "a" });
  expect(fromA).toHaveLength(10);
  expect(fromA.every((hit) => hit.id.startsWith("a"))).toBe(true);
  // After a reset of `a`, it answers nothing and `b` is untouched; new writes start over
  await send(approximate, "reset/a", {});
  expect(await query(approximate, { vector, namespace: "a" })).toEqual([]);
  expect(await query(approximate, { vector, namespace: "b" })).toHaveLength(10);
  await send(approximate, "upsert/a", [{ id: "again", vector }]);
  expect((await query(approximate, { vector, namespace: "a" })).map((hit) => hit.id)).toEqual([
    "again",
  ]);
});

test("a filter that leaves few candidates is answered by the exact scan", async ({ expect }) => {
  await using approximate = await createService(APPROXIMATE);
  await using exact = await createService(false);
  const { data } = await seed([approximate, exact], { count: COUNT, seed: 5 });
  linkAll(approximate);
  for (let q = 0; q < 10; q++) {
    const vector = data.vector();
    // group = 7 matches 10 records of 2000 (0.5%): the same answer as the exact service
    const rare = { vector, filter: "group = 7" };
    expect(await query(approximate, rare)).toEqual(await query(exact, rare));
    // group < 100 matches half: every result matches, as many as asked
    const common = await query(approximate, { vector, filter: "group < 100" });
    expect(common).toHaveLength(10);
    expect(common.every((hit) => (hit.metadata?.group ?? 200) < 100)).toBe(true);
  }
});

test("after a restart the graph is rebuilt from the data directory", async ({ expect }) => {
  const directory = await mkdtemp(join(tmpdir(), "stratus-ann-"));
  try {
    await using exact = await createService(false);
    // Given records acknowledged by a service that is abandoned without closing, as after a crash
    const first = await createService(APPROXIMATE, directory);
    const { data } = await seed([first, exact], { count: 1000, seed: 13 });
    linkAll(first);
    // And, after linking, deletes, a moved vector and a namespace written then reset
    const vector = data.vector();
    await sendBoth([first, exact], "delete", ["v1", "v2", "v3"]);
    await sendBoth([first, exact], "upsert", [{ id: "v4", vector, metadata: { group: 4 } }]);
    await sendBoth([first, exact], "upsert/other", [{ id: "o1", vector }]);
    await sendBoth([first, exact], "reset/other", {});
    // When another service opens the directory
    await using second = await createService(APPROXIMATE, directory);
    // Then every live record is queued for its graph, and answers are exact meanwhile
    const store = second.index("idx")?.namespace("");
    expect(store?.graph?.queuedCount).toBe(997);
    expect(await query(second, { vector })).toEqual(await query(exact, { vector }));
    // And once linked the graph serves queries with the same head of the ranking
    expect(linkAll(second)).toEqual({ linked: 997, queued: 0 });
    const linked = await query(second, { vector });
    expect(linked[0]).toEqual((await query(exact, { vector }))[0]);
    expect(linked[0]?.id).toBe("v4");
    expect(linked.some((hit) => ["v1", "v2", "v3"].includes(hit.id))).toBe(false);
    expect(await query(second, { vector, namespace: "other" })).toEqual([]);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
});

test("?exact=true answers with the exact scan; another value is a 422", async ({ expect }) => {
  await using approximate = await createService(APPROXIMATE);
  await using exact = await createService(false);
  const { data } = await seed([approximate, exact], { count: COUNT, seed: 17 });
  linkAll(approximate);
  for (let q = 0; q < 10; q++) {
    const vector = data.vector();
    expect(await send(approximate, "query?exact=true", { vector, topK: 20 })).toEqual(
      await send(exact, "query", { vector, topK: 20 }),
    );
  }
  const refused = await sendToRoute(createVectorRoute({ service: approximate }), {
    path: "query?exact=yes",
    body: { vector: data.vector() },
    token: "t",
  });
  expect(refused.status).toBe(422);
  expect(refused.body).toMatchObject({
    error: 'Invalid request: exact must be true or false, not "yes".',
  });
});

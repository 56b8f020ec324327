/**
 * Search documents, and seeding them through the search REST interface (search-wire.md §3.1,
 * `upsert-data/{index}`), so the same call fills the emulator or a real search database.
 */
import type { FetchFunction } from "./rest.ts";

/** Where a search database answers (`UPSTASH_SEARCH_REST_URL` and its tokens). */
export interface SearchTarget {
  /** The database's name (the last URL segment on the emulator). */
  readonly name: string;
  readonly url: string;
  /** The Standard (read-write) token. */
  readonly token: string;
  readonly readOnlyToken: string;
  /** Used instead of the global `fetch`, e.g. the emulator's in-process one. */
  readonly fetch?: FetchFunction;
}

/** One document as `upsert-data` takes it. */
export interface SearchDocumentRecord {
  readonly id: string;
  readonly content: Readonly<Record<string, unknown>>;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

export interface DocumentDatasetOptions {
  /** @default 10 */
  readonly count?: number;
  /** @default "doc" */
  readonly idPrefix?: string;
  /** Same seed, same dataset. @default 1 */
  readonly seed?: number;
}

const WORDS = (
  "river mountain forest ocean desert city garden bridge castle harbor valley island meadow " +
  "canyon glacier village market library museum station"
).split(" ");
const TOPICS = ["travel", "history", "nature", "food", "science"] as const;

function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A deterministic set of short documents: `content` `{ title, text, topic }` (a few words from a
 * small vocabulary, so searches match several documents) and `metadata` `{ n, parity }`.
 *
 * @example
 * await seedDocuments(emu.search, { index: "articles", documents: documentDataset({ count: 50 }) });
 */
export function documentDataset(options: DocumentDatasetOptions = {}): SearchDocumentRecord[] {
  const { count = 10, idPrefix = "doc", seed = 1 } = options;
  const random = createRandom(seed);
  const word = (): string => WORDS[Math.floor(random() * WORDS.length)] ?? "river";
  return Array.from({ length: count }, (_, n) => ({
    id: `${idPrefix}-${n}`,
    content: {
      title: `${word()} ${word()}`,
      text: Array.from({ length: 6 }, word).join(" "),
      topic: TOPICS[n % TOPICS.length] ?? "travel",
    },
    metadata: { n, parity: n % 2 === 0 ? "even" : "odd" },
  }));
}

/** A search REST call answered with a non-2xx status. */
export class SearchCallError extends Error {
  override readonly name = "SearchCallError";
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** Upserts `documents` into search index `index` of `target`, in batches of 1,000. */
export async function seedDocuments(
  target: SearchTarget,
  data: { readonly index: string; readonly documents: readonly SearchDocumentRecord[] },
): Promise<void> {
  const url = `${target.url.replace(/\/$/, "")}/upsert-data/${encodeURIComponent(data.index)}`;
  for (let start = 0; start < data.documents.length; start += 1000) {
    const response = await (target.fetch ?? fetch)(url, {
      method: "POST",
      headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
      body: JSON.stringify(data.documents.slice(start, start + 1000)),
    });
    const body = (await response.json()) as { result?: unknown; error?: string };
    if (!response.ok || body.error !== undefined) {
      throw new SearchCallError(
        `upsert-data failed: ${body.error ?? `HTTP ${response.status}`}`,
        response.status,
      );
    }
  }
}

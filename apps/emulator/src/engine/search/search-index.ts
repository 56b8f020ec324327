/**
 * One index's contents: an inverted index per TEXT field (term → document → positions, with field
 * lengths for BM25) and a value table per other field (document → values, value → documents).
 * Documents are numbered; a key that is written again keeps its number.
 */

import { formatStreamId, MAX_STREAM_ID, MIN_STREAM_ID, StreamValue } from "../values/stream.ts";
import type { StoredValue } from "../values/types.ts";
import { forEachWordToken, type TextAnalysis, termOfWord } from "./analyzer.ts";
import {
  documentSource,
  type FieldValue,
  fieldValues,
  type SourceObject,
  streamEntrySource,
} from "./documents.ts";
import { PostingList } from "./postings.ts";
import type { NumericRange } from "./query.ts";
import { type FieldDefinition, type IndexDefinition, textAnalysis } from "./schema.ts";

export class TextField {
  readonly analysis: TextAnalysis;

  constructor(analysis: TextAnalysis) {
    this.analysis = analysis;
  }

  /** term → the documents holding it, with their positions. */
  readonly postings = new Map<string, PostingList>();
  /** Number of tokens (BM25's field length) by document id: ids are dense, so an array is fastest. */
  readonly lengths: number[] = [];
  totalTokens = 0;
  /** Counts indexing passes (one per document value set), for PostingList.pass. */
  passes = 0;
  /**
   * Lower-cased word → its term's posting list: one lookup a token instead of a stemmer cache's
   * and the postings' (text reuses words). Bounded; a list that left `postings` is not used.
   */
  readonly wordLists = new Map<string, PostingList>();
}

export class ValueField {
  /** document id → its values. */
  readonly values = new Map<number, FieldValue[]>();
  /**
   * value → documents holding it (FACET values also list each ancestor path): the id alone while
   * one document has the value (most numbers and dates are unique: no Set for each).
   */
  readonly #documents = new Map<FieldValue, number | Set<number>>();
  /** Numeric values sorted, with their documents (built on the first range query after a change). */
  #column: { readonly values: Float64Array; readonly ids: Int32Array } | undefined;

  /** Range queries since the last change: the column is built on the second, so writes
   * interleaved with single range queries never pay for a sort (they scan instead). */
  #queriesSinceChange = 0;

  /** The documents holding `value`. */
  idsWith(value: FieldValue): Iterable<number> {
    const ids = this.#documents.get(value);
    return ids === undefined ? [] : typeof ids === "number" ? [ids] : ids;
  }

  addDocument(value: FieldValue, id: number): void {
    const ids = this.#documents.get(value);
    if (ids === undefined) {
      this.#documents.set(value, id);
    } else if (typeof ids === "number") {
      if (ids !== id) {
        this.#documents.set(value, new Set([ids, id]));
      }
    } else {
      ids.add(id);
    }
  }

  removeDocument(value: FieldValue, id: number): void {
    const ids = this.#documents.get(value);
    if (ids === id || (typeof ids === "object" && ids.delete(id) && ids.size === 0)) {
      this.#documents.delete(value);
    }
  }

  clear(): void {
    this.values.clear();
    this.#documents.clear();
    this.changed();
  }

  /** Forgets the sorted column: the values changed. */
  changed(): void {
    this.#column = undefined;
    this.#queriesSinceChange = 0;
  }

  /**
   * Documents with a numeric value inside `range` (each once), by binary search of the column;
   * undefined when the caller should scan (the column is not worth building yet).
   */
  idsInRange(range: NumericRange): Set<number> | undefined {
    if (this.#column === undefined && this.#queriesSinceChange++ === 0) {
      return undefined;
    }
    const column = this.#sortedColumn();
    let low = 0;
    let high = column.values.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const value = column.values[middle] as number;
      if (value < range.low || (value === range.low && !range.lowInclusive)) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    const ids = new Set<number>();
    for (let at = low; at < column.values.length; at++) {
      const value = column.values[at] as number;
      if (value > range.high || (value === range.high && !range.highInclusive)) {
        break;
      }
      ids.add(column.ids[at] as number);
    }
    return ids;
  }

  #sortedColumn(): { readonly values: Float64Array; readonly ids: Int32Array } {
    if (this.#column !== undefined) {
      return this.#column;
    }
    const pairs: [number, number][] = [];
    for (const [id, values] of this.values) {
      for (const value of values) {
        pairs.push([Number(value), id]);
      }
    }
    pairs.sort((a, b) => a[0] - b[0]);
    this.#column = {
      values: Float64Array.from(pairs, (pair) => pair[0]),
      ids: Int32Array.from(pairs, (pair) => pair[1]),
    };
    return this.#column;
  }
}

interface IndexedDocument {
  readonly key: string;
  /** The posting lists of its distinct terms, every TEXT field's (what to remove on update). */
  readonly lists: PostingList[];
  /** The TEXT fields it has tokens in (their lengths to reset on removal). */
  readonly textFields: TextField[];
}

export class SearchIndex {
  readonly definition: IndexDefinition;
  readonly text = new Map<string, TextField>();
  readonly values = new Map<string, ValueField>();
  readonly fieldsByName: ReadonlyMap<string, FieldDefinition>;
  readonly #documents = new Map<number, IndexedDocument>();
  /** Document key (a STREAM index's: the entry ID) → document id. */
  readonly #ids = new Map<string, number>();
  /** A STREAM index's indexed entries: entry ID → its field, value, … pairs. */
  readonly #streamEntries = new Map<string, readonly string[]>();
  #nextId = 0;

  constructor(definition: IndexDefinition) {
    this.definition = definition;
    this.fieldsByName = new Map(definition.fields.map((field) => [field.name, field]));
    for (const field of definition.fields) {
      if (field.type === "TEXT") {
        this.text.set(field.name, new TextField(textAnalysis(definition, field)));
      } else {
        this.values.set(field.name, new ValueField());
      }
    }
  }

  get size(): number {
    return this.#documents.size;
  }

  /** Whether the index covers `key` (its name starts with one of the prefixes, or is its stream). */
  covers(key: string): boolean {
    if (this.definition.stream !== undefined) {
      return key === this.definition.stream;
    }
    for (const prefix of this.definition.prefixes) {
      if (key.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  keyOf(id: number): string | undefined {
    return this.#documents.get(id)?.key;
  }

  documentIds(): IterableIterator<number> {
    return this.#documents.keys();
  }

  /** The field, value, … pairs of a STREAM index's document (its entry), by entry ID. */
  streamEntry(id: string): readonly string[] | undefined {
    return this.#streamEntries.get(id);
  }

  /** Indexes the key's current value (or removes it when absent or not of the index's type). */
  update(key: string, value: StoredValue | undefined): void {
    if (this.definition.stream !== undefined) {
      this.#updateStream(value);
      return;
    }
    const source =
      value === undefined ? undefined : documentSource(value, this.definition.dataType);
    const existing = this.#ids.get(key);
    if (existing !== undefined) {
      this.#remove(existing);
    }
    if (source === undefined) {
      if (existing !== undefined) {
        this.#ids.delete(key);
      }
      return;
    }
    const id = existing ?? this.#nextId++;
    this.#ids.set(key, id);
    this.#add(id, key, source);
  }

  /**
   * A STREAM index follows its stream's entries: entries gone (XDEL, XTRIM, the key deleted) are
   * removed and new ones added. An entry with the same ID and the same pairs is already indexed
   * as it is (the stream hands out copies, so the pairs are compared, not the arrays).
   */
  #updateStream(value: StoredValue | undefined): void {
    const current = new Map<string, readonly string[]>();
    if (value instanceof StreamValue) {
      value.entries.scan({ from: MIN_STREAM_ID, to: MAX_STREAM_ID }, (id, pairs) => {
        current.set(formatStreamId(id), pairs);
        return true;
      });
    }
    for (const [entryId, pairs] of this.#streamEntries) {
      const now = current.get(entryId);
      if (now === undefined || !samePairs(now, pairs)) {
        this.#remove(this.#ids.get(entryId) as number);
        this.#ids.delete(entryId);
        this.#streamEntries.delete(entryId);
      }
    }
    for (const [entryId, pairs] of current) {
      if (this.#streamEntries.has(entryId)) {
        continue;
      }
      const id = this.#nextId++;
      this.#ids.set(entryId, id);
      this.#streamEntries.set(entryId, pairs);
      this.#add(id, entryId, streamEntrySource(pairs));
    }
  }

  clear(): void {
    this.#documents.clear();
    this.#ids.clear();
    this.#streamEntries.clear();
    this.#nextId = 0;
    for (const field of this.text.values()) {
      field.postings.clear();
      field.wordLists.clear();
      field.lengths.length = 0;
      field.totalTokens = 0;
    }
    for (const field of this.values.values()) {
      field.clear();
    }
  }

  #add(id: number, key: string, source: SourceObject): void {
    const lists: PostingList[] = [];
    const textFields: TextField[] = [];
    for (const field of this.definition.fields) {
      const values = fieldValues(source, field);
      if (values.length === 0) {
        continue;
      }
      const text = this.text.get(field.name);
      if (text !== undefined) {
        textFields.push(text);
        for (const list of indexText(text, { id, values, analysis: text.analysis })) {
          lists.push(list);
        }
        continue;
      }
      const table = this.values.get(field.name) as ValueField;
      table.values.set(id, values);
      table.changed();
      for (const value of values) {
        if (field.type === "FACET") {
          for (const term of facetAncestors(value as string)) {
            table.addDocument(term, id);
          }
        } else {
          table.addDocument(value, id);
        }
      }
    }
    this.#documents.set(id, { key, lists, textFields });
  }

  #remove(id: number): void {
    const document = this.#documents.get(id);
    if (document === undefined) {
      return;
    }
    this.#documents.delete(id);
    for (const postings of document.lists) {
      postings.delete(id);
      if (postings.size === 0) {
        postings.owner.delete(postings.term);
        postings.removed = true;
      }
    }
    for (const text of document.textFields) {
      text.totalTokens -= text.lengths[id] ?? 0;
      text.lengths[id] = 0;
    }
    for (const [name, table] of this.values) {
      const values = table.values.get(id);
      if (values === undefined) {
        continue;
      }
      table.values.delete(id);
      table.changed();
      const isFacet = this.fieldsByName.get(name)?.type === "FACET";
      for (const value of values) {
        for (const term of isFacet ? facetAncestors(value as string) : [value]) {
          table.removeDocument(term, id);
        }
      }
    }
  }
}

const WORD_CACHE_LIMIT = 100_000;

/**
 * Adds a document's values to a TEXT field; the posting lists of its distinct terms. Array
 * elements continue positions. Each token costs one lookup of its term's list: the list itself
 * collects the document's positions (`pass`, `pending`) until they are appended at the end.
 */
function indexText(
  field: TextField,
  options: { id: number; values: readonly FieldValue[]; analysis: TextAnalysis },
): PostingList[] {
  const pass = field.passes++;
  const touched: PostingList[] = [];
  const { postings, wordLists } = field;
  const termOf = termOfWord(options.analysis);
  let offset = 0;
  let length = 0;
  for (const value of options.values) {
    const base = offset;
    const { count, end } = forEachWordToken(String(value), {
      analysis: options.analysis,
      visit: (word, at) => {
        const position = base + at;
        let list = wordLists.get(word);
        if (list === undefined || list.removed) {
          const term = termOf(word);
          list = postings.get(term);
          if (list === undefined) {
            list = new PostingList({ term, owner: postings });
            postings.set(term, list);
          }
          if (wordLists.size >= WORD_CACHE_LIMIT) {
            wordLists.clear();
          }
          wordLists.set(word, list);
        }
        if (list.pass !== pass) {
          list.pass = pass;
          list.pending = position;
          touched.push(list);
        } else if (typeof list.pending === "number") {
          list.pending = [list.pending, position];
        } else {
          list.pending.push(position);
        }
      },
    });
    length += count;
    // Tantivy leaves a position gap between the values of a multi-valued field.
    offset += end + 1;
  }
  for (const list of touched) {
    list.set(options.id, list.pending);
    list.pending = 0;
  }
  field.lengths[options.id] = length;
  field.totalTokens += length;
  return touched;
}

/** `/a/b/c` → `/a`, `/a/b`, `/a/b/c`: a facet is found by each of its ancestors, as in Tantivy. */
export function facetAncestors(path: string): string[] {
  const parts = path.split("/").filter((part) => part !== "");
  const ancestors: string[] = [];
  for (let i = 1; i <= parts.length; i++) {
    ancestors.push(`/${parts.slice(0, i).join("/")}`);
  }
  return ancestors.length === 0 ? ["/"] : ancestors;
}

/** Whether two entries hold the same fields and values. */
function samePairs(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) {
    return false;
  }
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) {
      return false;
    }
  }
  return true;
}

/**
 * Text analysis as Tantivy's default text analyzer does it (the service indexes with Tantivy):
 * split on every character that is not a letter or digit (SimpleTokenizer), drop tokens longer
 * than 40 bytes (RemoveLongFilter), lower-case, then stem with the index LANGUAGE's stemmer.
 *
 * English stems with Snowball English ("Porter2", `porter2.ts`), as Tantivy's English analyzer
 * does (rust-stemmers); the other languages' stemmers come from `@orama/stemmers`, which ports
 * the Snowball algorithms of the same names (unconfirmed: that each matches rust-stemmers' version
 * word for word).
 */
import { createRequire } from "node:module";
import { porter2 } from "./porter2.ts";

type Stemmer = (word: string) => string;
interface StemmerModule {
  readonly stemmer: Stemmer;
}

/** Node's `require`: the stemmers' CommonJS build loads synchronously, as the engine needs. */
const require = createRequire(import.meta.url);

/**
 * The LANGUAGE values the documentation lists, with how to get their stemmers. `@orama/stemmers`
 * ones are loaded on the language's first use (issue 21: start-up): each builds its Snowball
 * tables when loaded, 300 KB of code in all, which every import of the emulator used to pay.
 */
const STEMMERS: ReadonlyMap<string, () => Stemmer> = new Map<string, () => Stemmer>([
  ["arabic", () => (require("@orama/stemmers/arabic") as StemmerModule).stemmer],
  ["danish", () => (require("@orama/stemmers/danish") as StemmerModule).stemmer],
  ["dutch", () => (require("@orama/stemmers/dutch") as StemmerModule).stemmer],
  ["english", () => porter2],
  ["finnish", () => (require("@orama/stemmers/finnish") as StemmerModule).stemmer],
  ["french", () => (require("@orama/stemmers/french") as StemmerModule).stemmer],
  ["german", () => (require("@orama/stemmers/german") as StemmerModule).stemmer],
  ["greek", () => (require("@orama/stemmers/greek") as StemmerModule).stemmer],
  ["hungarian", () => (require("@orama/stemmers/hungarian") as StemmerModule).stemmer],
  ["italian", () => (require("@orama/stemmers/italian") as StemmerModule).stemmer],
  ["norwegian", () => (require("@orama/stemmers/norwegian") as StemmerModule).stemmer],
  ["portuguese", () => (require("@orama/stemmers/portuguese") as StemmerModule).stemmer],
  ["romanian", () => (require("@orama/stemmers/romanian") as StemmerModule).stemmer],
  ["russian", () => (require("@orama/stemmers/russian") as StemmerModule).stemmer],
  ["spanish", () => (require("@orama/stemmers/spanish") as StemmerModule).stemmer],
  ["swedish", () => (require("@orama/stemmers/swedish") as StemmerModule).stemmer],
  ["tamil", () => (require("@orama/stemmers/tamil") as StemmerModule).stemmer],
  ["turkish", () => (require("@orama/stemmers/turkish") as StemmerModule).stemmer],
]);

const loadedStemmers = new Map<string, Stemmer>();

/** The stemmer of `language`, loading it the first time; undefined for an unknown language. */
function stemmerOf(language: string): Stemmer | undefined {
  let stem = loadedStemmers.get(language);
  if (stem === undefined) {
    stem = STEMMERS.get(language)?.();
    if (stem !== undefined) {
      loadedStemmers.set(language, stem);
    }
  }
  return stem;
}

export const LANGUAGES: readonly string[] = [...STEMMERS.keys()];

export function isLanguage(name: string): boolean {
  return STEMMERS.has(name);
}

/** How one TEXT field analyses its values. */
export interface TextAnalysis {
  readonly language: string;
  readonly noStem: boolean;
  readonly noTokenize: boolean;
}

/** A token with its position (for phrases) and its character span in the text (for highlighting). */
export interface Token {
  readonly term: string;
  readonly position: number;
  readonly start: number;
  readonly end: number;
}

/** Stems are cached per language: stemming costs microseconds a word, and text reuses words. */
const STEM_CACHE_LIMIT = 200_000;
const stemCaches = new Map<string, Map<string, string>>();

function cachedStemmer(language: string): ((word: string) => string) | undefined {
  const stem = stemmerOf(language);
  if (stem === undefined) {
    return undefined;
  }
  let cache = stemCaches.get(language);
  if (cache === undefined) {
    cache = new Map();
    stemCaches.set(language, cache);
  }
  const known = cache;
  return (word) => {
    let stemmed = known.get(word);
    if (stemmed === undefined) {
      stemmed = stem(word);
      if (known.size >= STEM_CACHE_LIMIT) {
        known.clear();
      }
      known.set(word, stemmed);
    }
    return stemmed;
  };
}

/** Tantivy's RemoveLongFilter default limit, in UTF-8 bytes. */
const MAX_TOKEN_BYTES = 40;
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

/** ASCII letters and digits (the common case, decided without a regular expression). */
const ASCII_WORD = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  ASCII_WORD[code] = /[A-Za-z0-9]/.test(String.fromCharCode(code)) ? 1 : 0;
}

/** Length in UTF-16 units of the letter or digit at `at`, or 0 when it is neither. */
function wordCharacterLength(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code < 128) {
    return ASCII_WORD[code] as number;
  }
  const point = text.codePointAt(at) as number;
  const length = point > 0xffff ? 2 : 1;
  return WORD_CHARACTER.test(text.slice(at, at + length)) ? length : 0;
}

/**
 * Calls `visit` with the span of each word of `text` (a run of letters and digits, as Tantivy's
 * SimpleTokenizer splits) and whether it has a character that lower-casing could change. A char
 * loop instead of `matchAll`: indexing tokenizes every word of every document, and a match object
 * per word was most of its allocations.
 */
function forEachWord(
  text: string,
  visit: (start: number, end: number, needsLowerCase: boolean) => void,
): void {
  const length = text.length;
  let at = 0;
  while (at < length) {
    let step = wordCharacterLength(text, at);
    if (step === 0) {
      at++;
      continue;
    }
    const start = at;
    let needsLowerCase = false;
    do {
      const code = text.charCodeAt(at);
      if (code >= 128 || (code >= 65 && code <= 90)) {
        needsLowerCase = true;
      }
      at += step;
      step = at < length ? wordCharacterLength(text, at) : 0;
    } while (step > 0);
    visit(start, at, needsLowerCase);
  }
}

/** Whether the word is over Tantivy's token limit (dropped, its position still counted). */
function isTooLong(word: string): boolean {
  // Only a word over 13 units can be over 40 bytes (3 bytes a unit at most).
  return word.length > MAX_TOKEN_BYTES / 3 && Buffer.byteLength(word) > MAX_TOKEN_BYTES;
}

/** Tokens of `text` as a TEXT field with `analysis` indexes them. */
export function analyze(text: string, analysis: TextAnalysis): Token[] {
  if (analysis.noTokenize) {
    // The raw tokenizer: the whole value is one token (lower-cased like every TEXT token).
    return text === ""
      ? []
      : [{ term: text.toLowerCase(), position: 0, start: 0, end: text.length }];
  }
  const stem = analysis.noStem ? undefined : cachedStemmer(analysis.language);
  const tokens: Token[] = [];
  let position = 0;
  forEachWord(text, (start, end, needsLowerCase) => {
    const word = text.slice(start, end);
    if (isTooLong(word)) {
      // Tantivy drops the token but still counts its position.
      position++;
      return;
    }
    const lower = needsLowerCase ? word.toLowerCase() : word;
    tokens.push({
      term: stem === undefined ? lower : stem(lower),
      position: position++,
      start,
      end,
    });
  });
  return tokens;
}

/** How a field turns a lower-cased word into its term: the stemmer, or as it is. */
export function termOfWord(analysis: TextAnalysis): (word: string) => string {
  const stem =
    analysis.noStem || analysis.noTokenize ? undefined : cachedStemmer(analysis.language);
  return stem ?? ((word) => word);
}

/**
 * `analyze` without the token objects and before stemming, for indexing: calls `visit` with each
 * lower-cased word (`termOfWord` gives its term) and position; answers how many tokens there
 * were and the position after the last one.
 */
export function forEachWordToken(
  text: string,
  options: { analysis: TextAnalysis; visit: (word: string, position: number) => void },
): { count: number; end: number } {
  const { analysis, visit } = options;
  if (analysis.noTokenize) {
    if (text !== "") {
      visit(text.toLowerCase(), 0);
      return { count: 1, end: 1 };
    }
    return { count: 0, end: 0 };
  }
  let position = 0;
  let count = 0;
  forEachWord(text, (start, end, needsLowerCase) => {
    const word = text.slice(start, end);
    if (isTooLong(word)) {
      position++;
      return;
    }
    visit(needsLowerCase ? word.toLowerCase() : word, position++);
    count++;
  });
  return { count, end: position };
}

/** The terms of a query string for a field (the same analysis as its documents). */
export function queryTerms(text: string, analysis: TextAnalysis): string[] {
  return analyze(text, analysis).map((token) => token.term);
}

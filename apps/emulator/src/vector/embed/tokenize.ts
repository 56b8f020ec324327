/**
 * Text → terms for the offline embedders (vector-rest-wire.md §6.2): lower-case, split on
 * anything that is not a letter or a digit, optionally drop English stop words, and stem with a
 * light suffix stripper so `testing`, `tested` and `tests` share the term `test`.
 */

/** Lower-cased words, in order: runs of Unicode letters and digits. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The stemmed terms of `text`; `dropStopWords` for BM25, which ignores them (§4.2). */
export function terms(text: string, options: { readonly dropStopWords: boolean }): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    if (options.dropStopWords && STOP_WORDS.has(word)) {
      continue;
    }
    out.push(stem(word));
  }
  return out;
}

/**
 * English stop words (the common core of the NLTK and Lucene lists). Emulator choice: the
 * service's own list is undocumented.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being " +
    "below between both but by can could did do does doing down during each few for from further " +
    "had has have having he her here hers herself him himself his how i if in into is it its " +
    "itself just me more most my myself no nor not now of off on once only or other our ours " +
    "ourselves out over own same she should so some such than that the their theirs them " +
    "themselves then there these they this those through to too under until up very was we were " +
    "what when where which while who whom why will with would you your yours yourself yourselves"
  ).split(" "),
);

const VOWEL = /[aeiouy]/;

/**
 * A light English stemmer (Porter's step 1 and a few common derivational suffixes). It only has
 * to be deterministic and to merge the obvious inflections; words of three letters or fewer,
 * and anything that is not ASCII letters, stay as they are.
 */
export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) {
    return word;
  }
  let w = word;
  // Plurals (Porter 1a).
  if (w.endsWith("sses")) {
    w = w.slice(0, -2);
  } else if (w.endsWith("ies")) {
    w = `${w.slice(0, -3)}y`;
  } else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) {
    w = w.slice(0, -1);
  }
  // -ed / -ing (Porter 1b), only when a vowel is left in the stem.
  for (const suffix of ["ing", "ed"]) {
    const base = w.slice(0, -suffix.length);
    if (w.endsWith(suffix) && base.length >= 3 && VOWEL.test(base)) {
      w = undoubled(base);
      break;
    }
  }
  // A few derivational endings.
  for (const [suffix, replacement] of DERIVATIONAL) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length) + replacement;
      break;
    }
  }
  return w;
}

const DERIVATIONAL: readonly (readonly [string, string])[] = [
  ["ational", "ate"],
  ["ization", "ize"],
  ["fulness", "ful"],
  ["iveness", "ive"],
  ["ousness", "ous"],
  ["ness", ""],
  ["ment", ""],
  ["ly", ""],
];

/** `runn` → `run`, `stopp` → `stop`; but `fall`, `kiss` and `buzz` keep their pair. */
function undoubled(stemmed: string): string {
  const last = stemmed.at(-1);
  if (last !== undefined && stemmed.at(-2) === last && !"lsz".includes(last) && !VOWEL.test(last)) {
    return stemmed.slice(0, -1);
  }
  return stemmed;
}

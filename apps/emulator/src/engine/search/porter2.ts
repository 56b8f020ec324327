/**
 * The Snowball English stemmer ("Porter2"), which Tantivy's English analyzer uses (through
 * rust-stemmers' `Algorithm::English`). `@orama/stemmers/english` is the original 1980 Porter
 * algorithm, which disagrees on many words (generously, dying, fluently, news, succeed…), so the
 * emulator carries Porter2 itself, written from the algorithm's published definition
 * (snowballstem.org/algorithms/english/stemmer.html): its exceptional forms, the R1 prefixes
 * `gener`, `commun`, `arsen`, and steps 0–5. Input is one lower-cased word.
 */

const EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  ["skis", "ski"],
  ["skies", "sky"],
  ["dying", "die"],
  ["lying", "lie"],
  ["tying", "tie"],
  ["idly", "idl"],
  ["gently", "gentl"],
  ["ugly", "ugli"],
  ["early", "earli"],
  ["only", "onli"],
  ["singly", "singl"],
  ["sky", "sky"],
  ["news", "news"],
  ["howe", "howe"],
  ["atlas", "atlas"],
  ["cosmos", "cosmos"],
  ["bias", "bias"],
  ["andes", "andes"],
]);

/** Words left as they are after step 1a. */
const AFTER_STEP_1A = new Set([
  "inning",
  "outing",
  "canning",
  "herring",
  "earring",
  "proceed",
  "exceed",
  "succeed",
]);

const R1_PREFIXES = ["gener", "commun", "arsen"] as const;
const DOUBLES = new Set(["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"]);
const LI_ENDINGS = new Set(["c", "d", "e", "g", "h", "k", "m", "n", "r", "t"]);

function isVowel(character: string | undefined): boolean {
  return (
    character === "a" ||
    character === "e" ||
    character === "i" ||
    character === "o" ||
    character === "u" ||
    character === "y"
  );
}

/** Start of the region after the first non-vowel that follows a vowel, from `from`. */
function regionAfter(word: string, from: number): number {
  for (let i = from + 1; i < word.length; i++) {
    if (!isVowel(word[i]) && isVowel(word[i - 1])) {
      return i + 1;
    }
  }
  return word.length;
}

/** Whether the word ends in a short syllable (Porter2's definition). */
function endsInShortSyllable(word: string): boolean {
  const n = word.length;
  if (n === 2) {
    return isVowel(word[0]) && !isVowel(word[1]);
  }
  if (n < 3) {
    return false;
  }
  const last = word[n - 1] as string;
  return (
    !isVowel(word[n - 3]) &&
    isVowel(word[n - 2]) &&
    !isVowel(last) &&
    last !== "w" &&
    last !== "x" &&
    last !== "Y"
  );
}

/** The longest of `suffixes` the word ends with. */
function longestSuffix(word: string, suffixes: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const suffix of suffixes) {
    if (word.endsWith(suffix) && (best === undefined || suffix.length > best.length)) {
      best = suffix;
    }
  }
  return best;
}

function hasVowel(text: string): boolean {
  for (const character of text) {
    if (isVowel(character)) {
      return true;
    }
  }
  return false;
}

const STEP_2: ReadonlyMap<string, string> = new Map([
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["abli", "able"],
  ["entli", "ent"],
  ["izer", "ize"],
  ["ization", "ize"],
  ["ational", "ate"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["aliti", "al"],
  ["alli", "al"],
  ["fulness", "ful"],
  ["ousli", "ous"],
  ["ousness", "ous"],
  ["iveness", "ive"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["bli", "ble"],
  ["ogi", "og"],
  ["fulli", "ful"],
  ["lessli", "less"],
  ["li", ""],
]);
const STEP_2_SUFFIXES = [...STEP_2.keys()];

const STEP_3: ReadonlyMap<string, string> = new Map([
  ["tional", "tion"],
  ["ational", "ate"],
  ["alize", "al"],
  ["icate", "ic"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
  ["ative", ""],
]);
const STEP_3_SUFFIXES = [...STEP_3.keys()];

const STEP_4_SUFFIXES = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
  "ion",
] as const;

export function porter2(input: string): string {
  const exception = EXCEPTIONS.get(input);
  if (exception !== undefined) {
    return exception;
  }
  if (input.length <= 2) {
    return input;
  }
  let word = input.startsWith("'") ? input.slice(1) : input;
  // y at the start or after a vowel is a consonant: mark it Y.
  if (word.startsWith("y")) {
    word = `Y${word.slice(1)}`;
  }
  for (let i = 1; i < word.length; i++) {
    if (word[i] === "y" && isVowel(word[i - 1])) {
      word = `${word.slice(0, i)}Y${word.slice(i + 1)}`;
    }
  }
  const prefix = R1_PREFIXES.find((candidate) => word.startsWith(candidate));
  const r1 = prefix === undefined ? regionAfter(word, 0) : prefix.length;
  const r2 = regionAfter(word, r1);
  const inR1 = (suffix: string): boolean => word.length - suffix.length >= r1;
  const inR2 = (suffix: string): boolean => word.length - suffix.length >= r2;

  // Step 0: possessives.
  const possessive = longestSuffix(word, ["'s'", "'s", "'"]);
  if (possessive !== undefined) {
    word = word.slice(0, -possessive.length);
  }

  // Step 1a: plurals.
  const plural = longestSuffix(word, ["sses", "ied", "ies", "s", "us", "ss"]);
  if (plural === "sses") {
    word = word.slice(0, -2);
  } else if (plural === "ied" || plural === "ies") {
    word = word.length > 4 ? word.slice(0, -2) : word.slice(0, -1);
  } else if (plural === "s" && hasVowel(word.slice(0, -2))) {
    word = word.slice(0, -1);
  }
  if (AFTER_STEP_1A.has(word)) {
    return word;
  }

  // Step 1b: -ed, -ing.
  const ending = longestSuffix(word, ["eed", "eedly", "ed", "edly", "ing", "ingly"]);
  if (ending === "eed" || ending === "eedly") {
    if (inR1(ending)) {
      word = `${word.slice(0, -ending.length)}ee`;
    }
  } else if (ending !== undefined) {
    const stem = word.slice(0, -ending.length);
    if (hasVowel(stem)) {
      word = stem;
      if (word.endsWith("at") || word.endsWith("bl") || word.endsWith("iz")) {
        word += "e";
      } else if (DOUBLES.has(word.slice(-2))) {
        word = word.slice(0, -1);
      } else if (r1 >= word.length && endsInShortSyllable(word)) {
        word += "e";
      }
    }
  }

  // Step 1c: a final y or Y after a non-vowel (not the first letter) becomes i.
  const last = word[word.length - 1];
  if ((last === "y" || last === "Y") && word.length > 2 && !isVowel(word[word.length - 2])) {
    word = `${word.slice(0, -1)}i`;
  }

  // Step 2.
  const suffix2 = longestSuffix(word, STEP_2_SUFFIXES);
  if (suffix2 !== undefined && inR1(suffix2)) {
    const before = word[word.length - suffix2.length - 1];
    if (suffix2 === "ogi") {
      if (before === "l") {
        word = `${word.slice(0, -3)}og`;
      }
    } else if (suffix2 === "li") {
      if (before !== undefined && LI_ENDINGS.has(before)) {
        word = word.slice(0, -2);
      }
    } else {
      word = word.slice(0, -suffix2.length) + (STEP_2.get(suffix2) as string);
    }
  }

  // Step 3.
  const suffix3 = longestSuffix(word, STEP_3_SUFFIXES);
  if (suffix3 !== undefined && inR1(suffix3) && (suffix3 !== "ative" || inR2(suffix3))) {
    word = word.slice(0, -suffix3.length) + (STEP_3.get(suffix3) as string);
  }

  // Step 4.
  const suffix4 = longestSuffix(word, STEP_4_SUFFIXES);
  if (suffix4 !== undefined && inR2(suffix4)) {
    if (suffix4 !== "ion") {
      word = word.slice(0, -suffix4.length);
    } else {
      const before = word[word.length - 4];
      if (before === "s" || before === "t") {
        word = word.slice(0, -3);
      }
    }
  }

  // Step 5.
  if (word.endsWith("e")) {
    if (inR2("e") || (inR1("e") && !endsInShortSyllable(word.slice(0, -1)))) {
      word = word.slice(0, -1);
    }
  } else if (word.endsWith("ll") && inR2("l")) {
    word = word.slice(0, -1);
  }
  return word.replaceAll("Y", "y");
}

/**
 * The filter lexer, shaped like the service's ANTLR lexer (vector-rest-wire.md §3.1): longest
 * match wins, a keyword wins a tie with an identifier (`and` is AND, `android` an identifier),
 * keywords are case-insensitive, and whitespace separates tokens.
 *
 * A character that starts no token is a "token recognition error" whose text runs from the token's
 * start through the character the lexer stopped at, as ANTLR reports it (`'['`, `'!x'`, `''abc`
 * for an unterminated string).
 */

import { errorDisplay, FilterSyntaxError } from "./errors.ts";

export type TokenKind =
  | "("
  | ")"
  | ","
  | "="
  | "!="
  | "<"
  | "<="
  | ">"
  | ">="
  | "AND"
  | "OR"
  | "NOT"
  | "IN"
  | "CONTAINS"
  | "GLOB"
  | "HAS"
  | "FIELD"
  | "TRUE"
  | "FALSE"
  | "STRING"
  | "NUMBER"
  | "IDENTIFIER"
  | "EOF";

export interface Token {
  readonly kind: TokenKind;
  /** The source text; `<EOF>` for the end. */
  readonly text: string;
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

/** The tokens, and the first lexical error (ANTLR skips the bad character and goes on). */
export interface LexResult {
  readonly tokens: readonly Token[];
  readonly error: FilterSyntaxError | undefined;
  /** Where that error starts, to order it against the parser's first error. */
  readonly errorOffset: number;
}

const KEYWORDS: ReadonlyMap<string, TokenKind> = new Map<string, TokenKind>([
  ["and", "AND"],
  ["or", "OR"],
  ["not", "NOT"],
  ["in", "IN"],
  ["contains", "CONTAINS"],
  ["glob", "GLOB"],
  ["has", "HAS"],
  ["field", "FIELD"],
  ["true", "TRUE"],
  ["false", "FALSE"],
]);

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isIdentStart = (c: string | undefined): boolean =>
  c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_");
/** `[a-zA-Z_0-9.\[\]#-]`: paths such as `a.b[0]` and `arr[#-1]` are one token. */
const isIdentPart = (c: string | undefined): boolean =>
  isIdentStart(c) || isDigit(c) || c === "." || c === "[" || c === "]" || c === "#" || c === "-";
const isSpace = (c: string | undefined): boolean =>
  c === " " || c === "\t" || c === "\r" || c === "\n" || c === "\f";

/** A scan attempt: a token `length` chars long, or a failure after `consumed` viable chars. */
type Scan =
  | { readonly ok: true; readonly kind: TokenKind; readonly length: number }
  | { readonly ok: false; readonly consumed: number };

export function lex(text: string): LexResult {
  const tokens: Token[] = [];
  let error: FilterSyntaxError | undefined;
  let errorOffset = Number.POSITIVE_INFINITY;
  let line = 1;
  let lineStart = 0;
  let i = 0;
  const advanceTo = (end: number): void => {
    for (; i < end; i++) {
      if (text[i] === "\n") {
        line++;
        lineStart = i + 1;
      }
    }
  };
  while (i < text.length) {
    if (isSpace(text[i])) {
      advanceTo(i + 1);
      continue;
    }
    const position = { offset: i, line, column: i - lineStart };
    const scan = scanToken(text, i);
    if (scan.ok) {
      tokens.push({ kind: scan.kind, text: text.slice(i, i + scan.length), ...position });
      advanceTo(i + scan.length);
      continue;
    }
    // ANTLR's text runs through the character the lexer failed on (inclusive).
    const end = Math.min(text.length, i + scan.consumed + 1);
    if (error === undefined) {
      error = new FilterSyntaxError(
        position,
        `token recognition error at: '${errorDisplay(text.slice(i, end))}'`,
      );
      errorOffset = i;
    }
    advanceTo(end);
  }
  tokens.push({ kind: "EOF", text: "<EOF>", offset: i, line, column: i - lineStart });
  return { tokens, error, errorOffset };
}

function scanToken(text: string, start: number): Scan {
  const c = text[start];
  const next = text[start + 1];
  switch (c) {
    case "(":
    case ")":
    case ",":
    case "=":
      return { ok: true, kind: c, length: 1 };
    case "!":
      return next === "=" ? { ok: true, kind: "!=", length: 2 } : { ok: false, consumed: 1 };
    case "<":
    case ">":
      return next === "="
        ? { ok: true, kind: c === "<" ? "<=" : ">=", length: 2 }
        : { ok: true, kind: c, length: 1 };
    case "'":
    case '"':
      return scanString(text, start);
    case "-":
      return isDigit(next) ? scanNumber(text, start) : { ok: false, consumed: 1 };
    default:
      if (isDigit(c)) {
        return scanNumber(text, start);
      }
      if (isIdentStart(c)) {
        return scanWord(text, start);
      }
      return { ok: false, consumed: 0 };
  }
}

/** `-?[0-9]+('.'[0-9]+)?`; `1.` and `1e5` stop after `1` (no exponent form, §3.1). */
function scanNumber(text: string, start: number): Scan {
  let i = start + (text[start] === "-" ? 1 : 0);
  while (isDigit(text[i])) {
    i++;
  }
  if (text[i] === "." && isDigit(text[i + 1])) {
    i += 2;
    while (isDigit(text[i])) {
      i++;
    }
  }
  return { ok: true, kind: "NUMBER", length: i - start };
}

function scanWord(text: string, start: number): Scan {
  let i = start + 1;
  while (isIdentPart(text[i])) {
    i++;
  }
  const keyword = KEYWORDS.get(text.slice(start, i).toLowerCase());
  return { ok: true, kind: keyword ?? "IDENTIFIER", length: i - start };
}

/** A quoted string: any character but the quote, or a backslash and any character. */
function scanString(text: string, start: number): Scan {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === quote) {
      return { ok: true, kind: "STRING", length: i + 1 - start };
    }
    i += c === "\\" ? 2 : 1;
  }
  return { ok: false, consumed: text.length - start };
}

/**
 * The value of a STRING token: `\'`, `\"` and `\\` stand for the character (§3.1); any other
 * backslash is kept with its character, so a GLOB pattern's own `\*` escape reaches the matcher.
 */
export function decodeString(token: string): string {
  let out = "";
  for (let i = 1; i < token.length - 1; i++) {
    const c = token[i];
    const next = token[i + 1];
    if (c === "\\" && (next === "'" || next === '"' || next === "\\")) {
      out += next;
      i++;
    } else {
      out += c;
    }
  }
  return out;
}

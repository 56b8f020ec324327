/**
 * The filter parser (vector-rest-wire.md §3.1), recursive descent over the lexer's tokens:
 *
 * ```
 * filter    := EOF | orExpr EOF
 * orExpr    := andExpr (OR andExpr)*          AND binds tighter than OR
 * andExpr   := primary (AND primary)*
 * primary   := '(' orExpr ')' | HAS [NOT] FIELD IDENTIFIER | IDENTIFIER predicate
 * predicate := ('=' | '!=' | '<' | '<=' | '>' | '>=') literal
 *            | [NOT] IN '(' literal (',' literal)* ')' | [NOT] CONTAINS literal | [NOT] GLOB STRING
 * literal   := STRING | NUMBER | TRUE | FALSE
 * ```
 * Errors read like the service's ANTLR parser (`mismatched input 'x' expecting {…}`,
 * `extraneous input …`); the service's exact expected-token names are not documented, so the
 * sets use ANTLR's conventions (`'('` for literal tokens, `AND`, `IDENTIFIER`, `<EOF>`).
 */

import type { CompareOperator, FieldPath, FilterExpression, FilterLiteral } from "./ast.ts";
import { errorDisplay, FilterSyntaxError } from "./errors.ts";
import { decodeString, lex, type Token, type TokenKind } from "./lexer.ts";
import { parsePath } from "./path.ts";

/**
 * The service rejects an IN list of 1000 values; its exact limit is unknown (§2.15). Emulator
 * choice: at most 999.
 */
export const MAX_IN_VALUES = 999;

/**
 * Emulator choice: parentheses nest at most this deep. The parser recurses per level, and a
 * hostile `((((…` must become a syntax error, not a stack overflow.
 */
export const MAX_NESTING = 100;

/** Parse a filter; `""` (or only whitespace) is the empty filter that matches everything. */
export function parseFilter(text: string): FilterExpression {
  const lexed = lex(text);
  const parser = new Parser(lexed.tokens);
  try {
    const expression = parser.parseFilter();
    if (lexed.error !== undefined) {
      throw lexed.error;
    }
    return expression;
  } catch (error) {
    // ANTLR reports errors as the parser pulls tokens: whichever comes first in the text wins.
    if (
      lexed.error !== undefined &&
      error instanceof FilterSyntaxError &&
      parser.errorOffset >= lexed.errorOffset
    ) {
      throw lexed.error;
    }
    throw error;
  }
}

/** The order ANTLR would list token types in an expected set (its token type numbers). */
const DISPLAY_ORDER: readonly TokenKind[] = [
  "EOF",
  "(",
  ")",
  ",",
  "=",
  "!=",
  "<",
  "<=",
  ">",
  ">=",
  "AND",
  "OR",
  "NOT",
  "IN",
  "CONTAINS",
  "GLOB",
  "HAS",
  "FIELD",
  "TRUE",
  "FALSE",
  "STRING",
  "NUMBER",
  "IDENTIFIER",
];

function displayKind(kind: TokenKind): string {
  if (kind === "EOF") {
    return "<EOF>";
  }
  return /^[A-Z]+$/.test(kind) ? kind : `'${kind}'`;
}

function displayExpected(kinds: readonly TokenKind[]): string {
  const sorted = DISPLAY_ORDER.filter((kind) => kinds.includes(kind));
  const names = sorted.map(displayKind);
  return names.length === 1 ? (names[0] as string) : `{${names.join(", ")}}`;
}

const COMPARE_OPERATORS: readonly TokenKind[] = ["=", "!=", "<", "<=", ">", ">="];
const LITERALS: readonly TokenKind[] = ["STRING", "NUMBER", "TRUE", "FALSE"];
const PRIMARY_STARTS: readonly TokenKind[] = ["(", "HAS", "IDENTIFIER"];
const NEGATABLE: readonly TokenKind[] = ["IN", "CONTAINS", "GLOB"];

class Parser {
  private readonly tokens: readonly Token[];
  private position = 0;
  private depth = 0;
  /** Offset of the token the parser failed on, to order its error against the lexer's. */
  errorOffset = Number.POSITIVE_INFINITY;

  constructor(tokens: readonly Token[]) {
    this.tokens = tokens;
  }

  parseFilter(): FilterExpression {
    if (this.peek().kind === "EOF") {
      return { kind: "all" };
    }
    const expression = this.parseOr();
    this.expect(["EOF", "AND", "OR"], "EOF");
    return expression;
  }

  private parseOr(): FilterExpression {
    const operands = [this.parseAnd()];
    while (this.peek().kind === "OR") {
      this.position++;
      operands.push(this.parseAnd());
    }
    return operands.length === 1 ? (operands[0] as FilterExpression) : { kind: "or", operands };
  }

  private parseAnd(): FilterExpression {
    const operands = [this.parsePrimary()];
    while (this.peek().kind === "AND") {
      this.position++;
      operands.push(this.parsePrimary());
    }
    return operands.length === 1 ? (operands[0] as FilterExpression) : { kind: "and", operands };
  }

  private parsePrimary(): FilterExpression {
    const token = this.peek();
    switch (token.kind) {
      case "(": {
        if (this.depth >= MAX_NESTING) {
          throw this.fail(token, `parentheses nested deeper than ${MAX_NESTING} levels`);
        }
        this.position++;
        this.depth++;
        const inner = this.parseOr();
        this.expect([")", "AND", "OR"], ")");
        this.depth--;
        return inner;
      }
      case "HAS": {
        this.position++;
        const negated = this.peek().kind === "NOT";
        if (negated) {
          this.position++;
        }
        this.expect(negated ? ["FIELD"] : ["NOT", "FIELD"], "FIELD");
        const path = this.parseIdentifier();
        return { kind: "hasField", path, negated };
      }
      case "IDENTIFIER": {
        const path = this.parseIdentifier();
        return this.parsePredicate(path);
      }
      default:
        throw this.mismatched(token, PRIMARY_STARTS);
    }
  }

  private parsePredicate(path: FieldPath): FilterExpression {
    const operator = this.peek();
    if (COMPARE_OPERATORS.includes(operator.kind)) {
      this.position++;
      const value = this.parseLiteral();
      return { kind: "compare", path, operator: operator.kind as CompareOperator, value };
    }
    const negated = operator.kind === "NOT";
    if (negated) {
      this.position++;
    } else if (!NEGATABLE.includes(operator.kind)) {
      throw this.mismatched(operator, [...COMPARE_OPERATORS, "NOT", ...NEGATABLE]);
    }
    const keyword = this.peek();
    switch (keyword.kind) {
      case "IN":
        this.position++;
        return { kind: "in", path, negated, values: this.parseList(keyword) };
      case "CONTAINS":
        this.position++;
        return { kind: "contains", path, negated, value: this.parseLiteral() };
      case "GLOB": {
        this.position++;
        const pattern = this.expect(["STRING"], "STRING");
        return { kind: "glob", path, negated, pattern: decodeString(pattern.text) };
      }
      default:
        throw this.mismatched(keyword, NEGATABLE);
    }
  }

  private parseList(inToken: Token): FilterLiteral[] {
    this.expect(["("], "(");
    const values = [this.parseLiteral()];
    while (this.peek().kind === ",") {
      this.position++;
      values.push(this.parseLiteral());
    }
    this.expect([")", ","], ")");
    if (values.length > MAX_IN_VALUES) {
      throw this.fail(
        inToken,
        `too many values in IN list: ${values.length}, at most ${MAX_IN_VALUES} are allowed`,
      );
    }
    return values;
  }

  private parseLiteral(): FilterLiteral {
    const token = this.peek();
    switch (token.kind) {
      case "STRING":
        this.position++;
        return decodeString(token.text);
      case "NUMBER":
        this.position++;
        return Number(token.text);
      case "TRUE":
        this.position++;
        return true;
      case "FALSE":
        this.position++;
        return false;
      default:
        // ANTLR's set match deletes a single stray token too (`a = = 1`).
        if (token.kind !== "EOF" && LITERALS.includes(this.peek(1).kind)) {
          throw this.fail(
            token,
            `extraneous input '${errorDisplay(token.text)}' expecting ${displayExpected(LITERALS)}`,
          );
        }
        throw this.mismatched(token, LITERALS);
    }
  }

  private parseIdentifier(): FieldPath {
    const token = this.expect(["IDENTIFIER"], "IDENTIFIER");
    const parsed = parsePath(token.text);
    if (!parsed.ok) {
      // Emulator wording: the service rejects these paths but its text is undocumented.
      throw this.fail(token, parsed.reason);
    }
    return parsed.path;
  }

  private peek(offset = 0): Token {
    const tokens = this.tokens;
    return tokens[Math.min(this.position + offset, tokens.length - 1)] as Token;
  }

  /**
   * Consume a `wanted` token. Like ANTLR's single-token deletion, a stray token followed by the
   * wanted one is reported as `extraneous input`; otherwise `mismatched input`.
   */
  private expect(expected: readonly TokenKind[], wanted: TokenKind): Token {
    const token = this.peek();
    if (token.kind === wanted) {
      this.position++;
      return token;
    }
    if (token.kind !== "EOF" && this.peek(1).kind === wanted) {
      throw this.fail(
        token,
        `extraneous input '${errorDisplay(token.text)}' expecting ${displayExpected(expected)}`,
      );
    }
    throw this.mismatched(token, expected);
  }

  private mismatched(token: Token, expected: readonly TokenKind[]): FilterSyntaxError {
    return this.fail(
      token,
      `mismatched input '${errorDisplay(token.text)}' expecting ${displayExpected(expected)}`,
    );
  }

  private fail(token: Token, detail: string): FilterSyntaxError {
    this.errorOffset = token.offset;
    return new FilterSyntaxError(token, detail);
  }
}

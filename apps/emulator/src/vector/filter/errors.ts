/**
 * A filter that does not parse. The message is the service's (vector-rest-wire.md §3.3, §5):
 * ANTLR-style, `Invalid filter. At line 1:24 token recognition error at: '['`, where the line
 * counts from 1 and the column from 0, as ANTLR's `charPositionInLine` does.
 */
export class FilterSyntaxError extends Error {
  override readonly name = "FilterSyntaxError";
  readonly line: number;
  readonly column: number;
  /** The part after `At line L:C `, e.g. `token recognition error at: '['`. */
  readonly detail: string;

  constructor(position: { readonly line: number; readonly column: number }, detail: string) {
    // Service wording: vector-rest-wire.md §3.3.
    super(`Invalid filter. At line ${position.line}:${position.column} ${detail}`);
    this.line = position.line;
    this.column = position.column;
    this.detail = detail;
  }
}

/** ANTLR's `getErrorDisplay`: control characters shown escaped inside the quoted text. */
export function errorDisplay(text: string): string {
  return text.replaceAll("\n", "\\n").replaceAll("\r", "\\r").replaceAll("\t", "\\t");
}

import { StratusCoreError } from "../errors.ts";

/** How much of a rejected input an error message quotes. */
const QUOTE_LENGTH = 80;

/**
 * Thrown when text is not valid base64. The decoder never falls back to returning its input
 * (STYLE.md §6, §12; the anti-anchor is upstash's `base64decode`, which does).
 */
export class Base64DecodeError extends StratusCoreError {
  override readonly name: string = "Base64DecodeError";
  /** The rejected text, truncated to a readable length. */
  readonly input: string;

  /** @param reason what is wrong; @param input the whole rejected text (quoted truncated). */
  constructor(reason: string, input: string) {
    const quoted = input.length > QUOTE_LENGTH ? `${input.slice(0, QUOTE_LENGTH)}…` : input;
    super(`Invalid base64: ${reason}: ${JSON.stringify(quoted)}`);
    this.input = quoted;
  }
}

import { StratusCoreError } from "../errors.ts";

/** How much of a rejected input an error message quotes (the SDK also quotes 200 characters). */
const QUOTE_LENGTH = 200;

/** Shows any decoded-JSON value (bigints and byte arrays included) as truncated text. */
export function describeInput(input: unknown): string {
  let text: string;
  try {
    text =
      JSON.stringify(input, (_key, value: unknown) =>
        typeof value === "bigint" ? `${value}n` : value,
      ) ?? String(input);
  } catch {
    text = String(input);
  }
  return text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH)}…` : text;
}

/**
 * Thrown by `fromRestResult` when a response body does not have the shape of
 * spec/kv-rest-wire.md §5: a decode failure is an error quoting the input, never a fallback
 * (STYLE.md §12).
 */
export class RestResultShapeError extends StratusCoreError {
  override readonly name: string = "RestResultShapeError";
  /** The whole rejected input, truncated to 200 characters. */
  readonly input: string;

  /**
   * @param reason what is wrong.
   * @param input the whole rejected body, as decoded JSON.
   * @param options `cause`, e.g. the `Base64DecodeError` of one string.
   */
  constructor(reason: string, input: unknown, options?: ErrorOptions) {
    const quoted = describeInput(input);
    super(`Invalid REST result: ${reason}. Input: ${quoted}`, options);
    this.input = quoted;
  }
}

/** Thrown by `parsePubSubItem` for a pub/sub line of a known kind with a malformed field. */
export class PubSubItemParseError extends StratusCoreError {
  override readonly name: string = "PubSubItemParseError";
}

/** Thrown by the pub/sub and monitor formatters for an argument no valid line can carry. */
export class RestFormatError extends StratusCoreError {
  override readonly name: string = "RestFormatError";
}

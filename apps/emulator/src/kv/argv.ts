/**
 * Conversions into and out of `Argv`'s binary strings, for the edges that take commands in (REST,
 * RESP, backups): re-exported from the engine, which defines the representation, so that those
 * edges need not import the engine.
 */
export {
  asciiUpper,
  binaryToBytes,
  binaryToUtf8,
  bytesToBinary,
  isStackOverflowError,
  isStringTooLongError,
  MAX_BINARY_LENGTH,
  NESTING_OVER_ENGINE_LIMIT,
  STRING_OVER_ENGINE_LIMIT,
  utf8ToBinary,
} from "../engine/index.ts";

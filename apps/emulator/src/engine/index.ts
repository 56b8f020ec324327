/**
 * The embedded Redis engine's public surface, for `kv/memory/` and tests.
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
} from "./bytes.ts";
export { type Clock, ManualClock, systemClock, type TimerHandle } from "./clock.ts";
export type { CommandResult } from "./commands/context.ts";
export type { Command, RestRefusal } from "./commands/define.ts";
export { findCommand, resolveLookedUp } from "./commands/dispatch.ts";
export { COMMAND_TABLE } from "./commands/table.ts";
export { Engine } from "./engine.ts";
export {
  DEFAULT_OUTPUT_BUFFER_LIMIT,
  type OutputBufferClass,
  type OutputBufferLimits,
  readOutputBufferLimits,
} from "./output-buffer-limits.ts";
export type { Reply, Resp3Reply } from "./reply.ts";
export { resp2Form } from "./reply.ts";
export type { Session } from "./session.ts";
export { mayWrite, TransactionQueue } from "./transaction-queue.ts";

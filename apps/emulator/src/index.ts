/**
 * @module
 * The Stratus emulator as a library: `createEmulator()` starts the servers in this process.
 */

export type { EmulatorConfig, EmulatorConfigInput } from "./config.ts";
export {
  createEmulator,
  DEFAULT_DATABASE,
  type Emulator,
  type EmulatorOptions,
} from "./emulator.ts";
export { type Clock, ManualClock, systemClock } from "./engine/index.ts";
export { EmulatorError, type EmulatorErrorCode } from "./errors.ts";
export type { FetchFunction } from "./http/fetch.ts";

/**
 * @module
 * The Stratus emulator as a library: `createEmulator()` starts the servers in this process.
 */

export type { EmulatorConfig, EmulatorOptions } from "./config.ts";
export { createEmulator, type Emulator } from "./emulator.ts";
export { EmulatorError, type EmulatorErrorCode } from "./errors.ts";

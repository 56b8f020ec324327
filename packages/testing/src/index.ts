/**
 * @module
 * `@stratus/testing`: fixtures that run the Stratus emulator inside a test process.
 */
export { type StartEmulatorOptions, startEmulator, type TestEmulator } from "./start-emulator.ts";

/**
 * @module
 * `@stratus/core`: the protocol rules shared by the Stratus emulator and client.
 */
export { StratusCoreError } from "./errors.ts";

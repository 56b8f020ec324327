/**
 * Services bound to an in-process emulator (`@stratus/testing`), the way the bin builds them from
 * flags, plus a frame context for screens rendered alone.
 */
import type { TestEmulator } from "@stratus/testing";
import { createServices } from "../../src/lib/connect.ts";
import { type CliOptions, CliOptionsSchema } from "../../src/lib/options.ts";
import type { Services } from "../../src/lib/services.ts";

/** The options `stratus-tui --kv-url … --kv-token … --management-url …` would give. */
export function emulatorOptions(
  emulator: TestEmulator,
  overrides: Partial<CliOptions> = {},
): CliOptions {
  return {
    ...CliOptionsSchema.parse({}),
    kvUrl: emulator.url,
    kvToken: emulator.token,
    managementUrl: emulator.management.url,
    email: emulator.management.email,
    apiKey: emulator.management.apiKey,
    ...overrides,
  };
}

export function emulatorServices(
  emulator: TestEmulator,
  overrides: Partial<CliOptions> = {},
): Services {
  return createServices(emulatorOptions(emulator, overrides));
}

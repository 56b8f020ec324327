/**
 * @module
 * `@stratus/testing/vitest`: Vitest glue. `useEmulator()` starts one emulator for a test file
 * (`beforeAll`/`afterAll`); `injectEmulator()` reads the one the `@stratus/testing/global-setup`
 * entry started for the whole run.
 */
import { afterAll, beforeAll, inject } from "vitest";
import type { ProvidedEmulator } from "./global-setup.ts";
import { type StartEmulatorOptions, startEmulator, type TestEmulator } from "./start-emulator.ts";

/**
 * Starts an emulator before the file's tests and stops it after them. Returns an accessor, since
 * the emulator only exists once `beforeAll` has run.
 *
 * @example
 * const emulator = useEmulator();
 * test("counts", async ({ expect }) => {
 *   expect(await emulator().command(["INCR", uniqueKey()])).toBe(1);
 * });
 */
export function useEmulator(options: StartEmulatorOptions = {}): () => TestEmulator {
  let current: TestEmulator | undefined;
  beforeAll(async () => {
    current = await startEmulator(options);
  });
  afterAll(async () => {
    await current?.stop();
    current = undefined;
  });
  return () => {
    if (current === undefined) {
      throw new Error("useEmulator(): the emulator runs only inside tests and hooks of this file");
    }
    return current;
  };
}

/**
 * The URL, tokens and management credentials of the run-wide emulator. Needs
 * `test.globalSetup: ["@stratus/testing/global-setup"]` in the Vitest config.
 */
export function injectEmulator(): ProvidedEmulator {
  const provided = inject("stratusEmulator");
  if (provided === undefined) {
    throw new Error(
      'injectEmulator(): add "@stratus/testing/global-setup" to test.globalSetup in the Vitest config',
    );
  }
  return provided;
}

export type { ProvidedEmulator } from "./global-setup.ts";

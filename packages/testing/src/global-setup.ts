/**
 * @module
 * `@stratus/testing/global-setup`: a Vitest `globalSetup` entry that starts one emulator for the
 * whole run and provides its URLs and tokens to every test file (`inject("stratusEmulator")`, or
 * `injectEmulator()` from `@stratus/testing/vitest`).
 *
 * @example
 * // vitest.config.ts
 * export default defineConfig({ test: { globalSetup: ["@stratus/testing/global-setup"] } });
 */
import type { TestProject } from "vitest/node";
import { startEmulator, type TestEmulator } from "./start-emulator.ts";

/** What test files receive: plain data, since it crosses into the workers. */
export interface ProvidedEmulator {
  readonly url: string;
  readonly token: string;
  readonly readOnlyToken: string;
  readonly management: { readonly url: string; readonly email: string; readonly apiKey: string };
  /** The default vector index. */
  readonly vector: { readonly url: string; readonly token: string; readonly readOnlyToken: string };
  /** The default search database. */
  readonly search: { readonly url: string; readonly token: string; readonly readOnlyToken: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    stratusEmulator: ProvidedEmulator;
  }
}

/**
 * The workers cannot reach this process's ManualClock, so here it follows the wall clock: TTLs
 * expire as they would on the service. Tests that need to control time use `useEmulator()`.
 */
const CLOCK_TICK_MS = 20;

let running: { emulator: TestEmulator; ticker: NodeJS.Timeout } | undefined;

export async function setup(project: TestProject): Promise<void> {
  const emulator = await startEmulator();
  const ticker = setInterval(() => {
    emulator.clock.advance(Math.max(0, Date.now() - emulator.clock.now()));
  }, CLOCK_TICK_MS);
  ticker.unref();
  running = { emulator, ticker };
  project.provide("stratusEmulator", {
    url: emulator.url,
    token: emulator.token,
    readOnlyToken: emulator.readOnlyToken,
    management: emulator.management,
    vector: {
      url: emulator.vector.url,
      token: emulator.vector.token,
      readOnlyToken: emulator.vector.readOnlyToken,
    },
    search: {
      url: emulator.search.url,
      token: emulator.search.token,
      readOnlyToken: emulator.search.readOnlyToken,
    },
  });
}

export async function teardown(): Promise<void> {
  if (running !== undefined) {
    clearInterval(running.ticker);
    await running.emulator.stop();
    running = undefined;
  }
}

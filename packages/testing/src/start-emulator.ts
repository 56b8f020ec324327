/**
 * `startEmulator()`: an emulator inside the test process, on random loopback ports and in memory
 * unless told otherwise, as an `AsyncDisposable` (`await using emu = await startEmulator()`).
 */
import { createEmulator, type Emulator, ManualClock } from "@stratus/emulator";

export interface StartEmulatorOptions {
  /** Serve RESP2 on a random port too. @default false */
  readonly resp?: boolean;
  /** Persist in this directory (a temporary one is the caller's to remove). @default in memory */
  readonly dataDir?: string;
  /** Where the clock starts, in Unix ms. @default Date.now() */
  readonly startTimeMs?: number;
  /** Fixed tokens for the default database; generated when absent. */
  readonly token?: string;
  readonly readOnlyToken?: string;
}

export interface TestEmulator extends AsyncDisposable {
  /** The default database's REST URL. */
  readonly url: string;
  readonly token: string;
  readonly readOnlyToken: string;
  /** `host:port` of the RESP2 listener when `resp: true`. */
  readonly respAddress: string | undefined;
  /** The emulator's clock: time moves only when the test calls `clock.advance(ms)`. */
  readonly clock: ManualClock;
  /** The running emulator, for anything not covered here. */
  readonly emulator: Emulator;
  /** Stops the servers; also what `await using` calls. */
  stop(): Promise<void>;
}

export async function startEmulator(options: StartEmulatorOptions = {}): Promise<TestEmulator> {
  const clock = new ManualClock(options.startTimeMs ?? Date.now());
  const emulator = await createEmulator({
    port: 0,
    respPort: options.resp === true ? 0 : null,
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.token === undefined ? {} : { token: options.token }),
    ...(options.readOnlyToken === undefined ? {} : { readOnlyToken: options.readOnlyToken }),
    clock,
  });
  const stop = (): Promise<void> => emulator.close();
  return {
    url: emulator.url,
    token: emulator.token,
    readOnlyToken: emulator.readOnlyToken,
    respAddress: emulator.respAddress,
    clock,
    emulator,
    stop,
    [Symbol.asyncDispose]: stop,
  };
}

import type { AddressInfo } from "node:net";
import { type EmulatorConfig, EmulatorConfigSchema, type EmulatorOptions } from "./config.ts";
import { EmulatorError } from "./errors.ts";
import { createHandler } from "./http/handler.ts";
import { jsonError } from "./http/http-error.ts";
import { createNodeServer } from "./http/node.ts";
import type { EmulatorResponse } from "./http/types.ts";

/** A running emulator. */
export interface Emulator extends AsyncDisposable {
  /** The HTTP base URL, e.g. `http://127.0.0.1:8079`. */
  readonly url: string;
  readonly config: EmulatorConfig;
  close(): Promise<void>;
}

// Honest until the key-value, vector and management interfaces land: every route says what is missing.
async function notBuiltYet(): Promise<EmulatorResponse> {
  return jsonError(
    501,
    "not implemented yet: the key-value REST, vector REST and management interfaces are still being built",
  );
}

/** Starts the emulator's servers and resolves once they listen. */
export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const config = EmulatorConfigSchema.parse(options);
  const logError = (error: unknown): void => {
    process.stderr.write(`stratus-emulator: ${String(error)}\n`);
  };
  const server = createNodeServer(createHandler(notBuiltYet, logError), logError);
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "EADDRINUSE"
          ? new EmulatorError(
              "ERR_ADDRESS_IN_USE",
              `${config.host}:${config.port} is already in use`,
              { cause: error },
            )
          : error,
      );
    });
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url: `http://${config.host}:${port}`, config, close, [Symbol.asyncDispose]: close };
}

/**
 * A scripted HTTP server on 127.0.0.1:0 for what the emulator cannot be made to do on purpose:
 * never answer, answer 5xx, end an event stream early. Each test closes its server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A running scripted server. */
export interface ScriptedServer extends AsyncDisposable {
  readonly url: string;
  /** Every request's headers, in arrival order. */
  readonly requests: IncomingMessage["headers"][];
}

/** Starts a server whose every request is answered by `handle`. */
export async function startScriptedServer(
  handle: (request: IncomingMessage, response: ServerResponse, index: number) => void,
): Promise<ScriptedServer> {
  const requests: IncomingMessage["headers"][] = [];
  const server = createServer((request, response) => {
    requests.push(request.headers);
    handle(request, response, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    [Symbol.asyncDispose]: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A URL on which nothing listens: a port that was just bound and released. */
export async function closedPortUrl(): Promise<string> {
  await using server = await startScriptedServer(() => undefined);
  return server.url;
}

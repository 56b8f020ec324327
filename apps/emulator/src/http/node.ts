import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { EmulatorRequest, RequestHandler } from "./types.ts";

/** Reads `IncomingMessage` directly: on Node 20 this is several times faster than Web `Request`. */
function readBody(message: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    message.on("data", (chunk: Buffer) => chunks.push(chunk));
    message.on("end", () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)),
    );
    message.on("error", reject);
  });
}

function toEmulatorRequest(
  message: IncomingMessage,
  body: Uint8Array,
  signal: AbortSignal,
): EmulatorRequest {
  const url = message.url ?? "/";
  const queryStart = url.indexOf("?");
  const socket = message.socket;
  return {
    method: message.method ?? "GET",
    path: queryStart === -1 ? url : url.slice(0, queryStart),
    query: new URLSearchParams(queryStart === -1 ? "" : url.slice(queryStart + 1)),
    rawQuery: queryStart === -1 ? "" : url.slice(queryStart + 1),
    headers: message.headers as Record<string, string | undefined>,
    body,
    signal,
    remoteAddress: `${socket.remoteAddress ?? "0.0.0.0"}:${socket.remotePort ?? 0}`,
  };
}

async function serve(
  handler: RequestHandler,
  message: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const abort = new AbortController();
  response.on("close", () => abort.abort());
  const body = await readBody(message);
  const result = await handler(toEmulatorRequest(message, body, abort.signal));
  response.writeHead(result.status, result.headers);
  if (result.body instanceof Uint8Array) {
    response.end(result.body);
    return;
  }
  response.flushHeaders();
  for await (const chunk of result.body) {
    response.write(chunk);
  }
  response.end();
}

/** A node:http server that hands every request to `handler`. */
export function createNodeServer(
  handler: RequestHandler,
  onError: (error: unknown) => void,
): Server {
  return createServer((message, response) => {
    serve(handler, message, response).catch((error: unknown) => {
      onError(error);
      if (!response.headersSent) {
        response.writeHead(500, { "content-type": "application/json" });
      }
      response.end();
    });
  });
}

/**
 * A local receiver for queue deliveries (issue 19): a node:http server on 127.0.0.1 port 0 that
 * records every request the emulator delivers, checks its `Upstash-Signature` as the SDK's
 * `Receiver` does (HS256 with the current or next key, `iss`, `sub`, body hash), and answers as
 * the test says. `waitFor(n)` resolves on arrival, so tests need no sleeps.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface QueueDelivery {
  readonly method: string;
  /** Path and query as received. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly messageId: string | undefined;
  /** Whether `Upstash-Signature` verified against the receiver's keys and this request. */
  readonly signatureValid: boolean;
}

/** What the receiver answers a delivery: a status and body, or never (a slow destination). */
export type QueueReceiverAnswer = { readonly status: number; readonly body?: string } | "hang";

export interface QueueReceiverOptions {
  readonly currentSigningKey: string;
  readonly nextSigningKey: string;
  /** Decides each answer. @default 200 "ok" */
  readonly answer?: (delivery: QueueDelivery, index: number) => QueueReceiverAnswer;
}

export interface QueueReceiver extends AsyncDisposable {
  /** `http://127.0.0.1:{port}`: append any path. */
  readonly url: string;
  readonly deliveries: readonly QueueDelivery[];
  /** Resolves once `count` deliveries in total have arrived. */
  waitFor(count: number): Promise<readonly QueueDelivery[]>;
  close(): Promise<void>;
}

export async function startQueueReceiver(options: QueueReceiverOptions): Promise<QueueReceiver> {
  const deliveries: QueueDelivery[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const path = request.url ?? "/";
      const url = `http://${request.headers.host ?? ""}${path}`;
      const signature = request.headers["upstash-signature"];
      const delivery: QueueDelivery = {
        method: request.method ?? "",
        path,
        headers: request.headers,
        body: body.toString("utf8"),
        messageId: header(request.headers["upstash-message-id"]),
        signatureValid:
          typeof signature === "string" &&
          [options.currentSigningKey, options.nextSigningKey].some((key) =>
            verifySignature({ signature, key, url, body }),
          ),
      };
      deliveries.push(delivery);
      for (const waiter of [...waiters]) {
        if (deliveries.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      const answer = options.answer?.(delivery, deliveries.length - 1) ?? {
        status: 200,
        body: "ok",
      };
      if (answer !== "hang") {
        response.writeHead(answer.status, { "content-type": "text/plain" });
        response.end(answer.body ?? "");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const close = async (): Promise<void> => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deliveries,
    waitFor: async (count) => {
      if (deliveries.length < count) {
        await new Promise<void>((resolve) => waiters.push({ count, resolve }));
      }
      return deliveries;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The checks of `@upstash/qstash`'s `Receiver.verify` (queues-wire.md §5). */
export function verifySignature(input: {
  readonly signature: string;
  readonly key: string;
  readonly url: string;
  readonly body: Uint8Array;
}): boolean {
  const [head, payload, mac] = input.signature.split(".");
  if (head === undefined || payload === undefined || mac === undefined) {
    return false;
  }
  const expected = createHmac("sha256", input.key).update(`${head}.${payload}`).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return false;
  }
  let claims: { iss?: unknown; sub?: unknown; body?: unknown; exp?: unknown; nbf?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as typeof claims;
  } catch {
    return false;
  }
  const nowS = Date.now() / 1000;
  const bodyHash = createHash("sha256").update(input.body).digest("base64url");
  return (
    claims.iss === "Upstash" &&
    claims.sub === input.url &&
    typeof claims.body === "string" &&
    claims.body.replace(/=+$/, "") === bodyHash &&
    typeof claims.exp === "number" &&
    claims.exp >= nowS &&
    (typeof claims.nbf !== "number" || claims.nbf <= nowS)
  );
}

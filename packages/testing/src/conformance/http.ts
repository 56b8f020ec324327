/**
 * The suite's HTTP layer: raw requests (every check controls its method, path, headers and body)
 * and replies read as bytes, so encodings can be checked byte for byte.
 */
import type { FetchFunction } from "../rest.ts";
import { CheckFailure } from "./errors.ts";

export interface HttpCall {
  /** @default "POST" */
  readonly method?: string;
  /** Below the target's base URL, starting with `/`; may carry a query. */
  readonly path: string;
  /** The bearer token; `null` sends no `Authorization` header. */
  readonly token: string | null;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as JSON with `Content-Type: application/json`. */
  readonly json?: unknown;
  /** Sent as is. */
  readonly body?: string | Uint8Array;
}

export interface HttpReply {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Uint8Array;
  readonly text: string;
  /** The body parsed as JSON; a body that is not JSON fails the check. */
  json(): unknown;
}

const decoder = new TextDecoder();

export async function send(
  base: { readonly url: string; readonly fetch: FetchFunction; readonly signal: AbortSignal },
  call: HttpCall,
): Promise<HttpReply> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.token !== null) {
    headers["authorization"] = `Bearer ${call.token}`;
  }
  let body: string | Uint8Array | undefined = call.body;
  if (call.json !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(call.json);
  }
  const response = await base.fetch(`${base.url.replace(/\/$/, "")}${call.path}`, {
    method: call.method ?? "POST",
    headers,
    ...(body === undefined ? {} : { body }),
    signal: base.signal,
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = decoder.decode(bytes);
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    text,
    json: () => {
      try {
        return JSON.parse(text);
      } catch {
        // kv-rest-wire.md §5.1: every response has a JSON body, whatever its status.
        throw new CheckFailure(`${call.path}: body is not JSON (${text.slice(0, 80)})`);
      }
    },
  };
}

/** A readable description of a reply for failure messages. */
export function describe(reply: HttpReply): string {
  return `${reply.status} ${reply.text.slice(0, 160)}`;
}

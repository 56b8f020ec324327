/**
 * `createKv()`: the key-value client. Its typed methods come from the command record
 * (`commands/index.ts`) through a mapped type and one runtime loop, never written out twice
 * (STYLE.md §8).
 */
import type { PubSubItem, RestValue } from "@stratus/core/rest";
import { MONITOR_PATH, toMonitorLines } from "../events/monitor.ts";
import type { EventStream, SseSource, StreamOptions } from "../events/sse-stream.ts";
import { type SubscribeOptions, subscriptionPath, toPubSubItems } from "../events/subscribe.ts";
import { createTransport } from "../transport/http-transport.ts";
import type { RetryOptions } from "../transport/retry.ts";
import type { RedisArgument } from "./argv.ts";
import { type AutoPipeliner, createAutoPipeliner } from "./auto-pipeline.ts";
import { type Commands, commands } from "./commands/index.ts";
import type { AnyClientCommand, CommandArgs, CommandResult } from "./define.ts";
import { createPipeline, type Pipeline } from "./pipeline.ts";
import { httpErrorOf } from "./reply.ts";
import { type CallOptions, KvSession } from "./session.ts";

/** Options of {@link createKv}. */
export interface KvOptions {
  /** The database's REST URL, e.g. `http://127.0.0.1:8787` (a path prefix is allowed). */
  readonly url: string;
  /** The REST token (standard or read-only). */
  readonly token: string;
  /**
   * `base64` asks for base64 strings, so values arrive as their exact bytes
   * (kv-rest-wire.md §6); `none` gets plain JSON text, invalid UTF-8 replaced by U+FFFD.
   * @default "base64"
   */
  readonly encoding?: "base64" | "none";
  /**
   * `resp2` gets raw RESP2 replies, decoded with core's RESP decoder (§7); transactions still
   * answer JSON. Implies no base64.
   * @default "json"
   */
  readonly responseFormat?: "json" | "resp2";
  /** Send the last `upstash-sync-token` with each request (§10). @default true */
  readonly readYourWrites?: boolean;
  /** Retries on network errors only; `false` disables them. @default { retries: 5 } */
  readonly retry?: RetryOptions | false;
  /** Batch the calls made in one tick into one `/pipeline` request (§15.1). @default false */
  readonly autoPipeline?: boolean;
  /** A deadline per request, retries included; none by default. */
  readonly timeoutMs?: number;
}

/** The typed command methods, one per entry of the record. */
export type KvCommands = {
  readonly [TName in keyof Commands]: (
    ...args: CommandArgs<Commands[TName]>
  ) => Promise<CommandResult<Commands[TName]>>;
};

/** The key-value client. */
export type Kv = KvCommands & {
  /**
   * Any command, untyped: `command("SET", "k", new Uint8Array([0xff]))`. Strings in the reply are
   * bytes (`Uint8Array`), integers numbers, nil `null`. Binary-safe both ways.
   */
  command(name: string, ...args: RedisArgument[]): Promise<RestValue>;
  /** A `/pipeline` builder (not atomic). */
  pipeline(): Pipeline;
  /** A `/multi-exec` builder (atomic). */
  multi(): Pipeline;
  /**
   * Messages of a channel, or of a glob pattern with `{ pattern: true }`, as an async iterable.
   * The first item is the `subscribe` (or `psubscribe`) confirmation: publish after it arrives.
   */
  subscribe(channelOrPattern: string, options?: SubscribeOptions): EventStream<PubSubItem>;
  /** Every command the database runs, as `MONITOR` lines. Needs the standard token. */
  monitor(options?: StreamOptions): EventStream<string>;
  /** The same client with a signal and/or deadline on every call (bypasses auto-pipelining). */
  with(options: CallOptions): Kv;
  /** The last read-your-writes token the server sent. */
  readonly syncToken: string | undefined;
  /** Closes the connection pool. */
  close(): Promise<void>;
} & AsyncDisposable;

/** What one view of the client sends commands through. */
type Send = (argv: readonly RedisArgument[]) => Promise<RestValue>;

function buildClient(session: KvSession, send: Send): Kv {
  const client: Record<string, unknown> = {};
  // One method per command of the record (STYLE.md §8).
  for (const [name, command] of Object.entries(commands) as [string, AnyClientCommand][]) {
    client[name] = async (...args: unknown[]) =>
      command.decode(await send([...command.words, ...command.encode(...args)]));
  }
  const sseSource = (path: string): SseSource => ({
    open: (signal) =>
      session.transport.stream({
        method: "POST",
        path,
        headers: { ...session.headers(true), accept: "text/event-stream" },
        // kv-rest-wire.md §2.2: the SDK sends `[]`, which the server ignores.
        body: "[]",
        signal,
      }),
    errorOf: httpErrorOf,
    onOpen: (stream) => session.noteSyncToken(stream.headers),
  });
  const methods: Omit<Kv, keyof KvCommands | "syncToken"> = {
    command: (name, ...args) => send([name, ...args]),
    pipeline: () => createPipeline(session, { isTransaction: false }),
    multi: () => createPipeline(session, { isTransaction: true }),
    subscribe: (name, options = {}) =>
      toPubSubItems(sseSource(subscriptionPath(name, options.pattern === true)), name, options),
    monitor: (options = {}) => toMonitorLines(sseSource(MONITOR_PATH), options),
    with: (options) => buildClient(session, (argv) => session.execute(argv, options)),
    close: () => session.transport.close(),
    [Symbol.asyncDispose]: () => session.transport.close(),
  };
  Object.assign(client, methods);
  Object.defineProperty(client, "syncToken", { get: () => session.syncToken, enumerable: true });
  return client as unknown as Kv;
}

/**
 * Creates a key-value client over one keep-alive connection pool.
 *
 * @example
 * await using kv = createKv({ url: "http://127.0.0.1:8787", token });
 * await kv.set("greeting", "hello", { ex: 60 });
 * const greeting = await kv.get("greeting"); // string | null
 */
export function createKv(options: KvOptions): Kv {
  const transport = createTransport({
    url: options.url,
    retry: options.retry,
    timeoutMs: options.timeoutMs,
  });
  const session = new KvSession({
    transport,
    token: options.token,
    encoding: options.encoding ?? "base64",
    responseFormat: options.responseFormat ?? "json",
    readYourWrites: options.readYourWrites ?? true,
  });
  const pipeliner: AutoPipeliner | undefined =
    options.autoPipeline === true ? createAutoPipeliner(session) : undefined;
  const send: Send =
    pipeliner === undefined
      ? (argv) => session.execute(argv)
      : (argv) => (isJsonSafe(argv) ? pipeliner.execute(argv) : session.execute(argv));
  return buildClient(session, send);
}

/** Byte arguments that are not UTF-8 need the path form, so they skip the batch. */
function isJsonSafe(argv: readonly RedisArgument[]): boolean {
  return argv.every((argument) => !(argument instanceof Uint8Array));
}

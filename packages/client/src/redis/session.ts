/**
 * What a key-value client holds between calls: the transport, the request headers its options
 * imply, and the read-your-writes token. Sends single commands and batches; the typed surfaces
 * (`redis.ts`, `pipeline.ts`) are built on it.
 */
import { RestHeaders, type RestOutcome, type RestValue } from "@stratus/core/rest";
import { CommandError, UsageError } from "../errors.ts";
import type { Transport, TransportResponse } from "../transport/http-transport.ts";
import { type Argv, describeArgv, toJsonArgv, toPathCommand } from "./argv.ts";
import {
  decodeJsonReplies,
  decodeJsonReply,
  decodeResp2Replies,
  errorMessageOf,
  httpErrorOf,
  isResp2Body,
} from "./reply.ts";

/** Per-call options: a signal and a deadline. */
export interface CallOptions {
  readonly signal?: AbortSignal | undefined;
  /** Overrides the client's `timeoutMs`. */
  readonly timeoutMs?: number | undefined;
}

/** How a session talks. */
export interface SessionOptions {
  readonly transport: Transport;
  readonly token: string;
  /** `base64` makes every reply string exact bytes (kv-rest-wire.md §6). */
  readonly encoding: "base64" | "none";
  readonly responseFormat: "json" | "resp2";
  readonly readYourWrites: boolean;
}

/** The status a batch entry's error is reported with: the whole request answered 200. */
const BATCH_ENTRY_STATUS = 200;

/** A key-value session. */
export class KvSession {
  readonly transport: Transport;
  /** The last `upstash-sync-token` answered (kv-rest-wire.md §10). */
  syncToken: string | undefined;
  readonly #options: SessionOptions;
  readonly #isBase64: boolean;
  readonly #isResp2: boolean;
  readonly #authorization: string;

  constructor(options: SessionOptions) {
    this.transport = options.transport;
    this.#options = options;
    // kv-rest-wire.md §7: base64 with resp2 is a 400, so resp2 always reads raw bytes.
    this.#isResp2 = options.responseFormat === "resp2";
    this.#isBase64 = options.encoding === "base64" && !this.#isResp2;
    this.#authorization = `Bearer ${options.token}`;
  }

  /** Headers of one request; `isJsonOnly` for `/multi-exec`, which never answers in RESP2 (§7). */
  headers(isJsonOnly = false): Record<string, string> {
    const headers: Record<string, string> = {
      authorization: this.#authorization,
      "content-type": "application/json",
    };
    if (this.#isBase64) {
      headers[RestHeaders.ENCODING] = "base64";
    }
    if (this.#isResp2 && !isJsonOnly) {
      headers[RestHeaders.RESPONSE_FORMAT] = "resp2";
    }
    if (this.#options.readYourWrites && this.syncToken !== undefined) {
      headers[RestHeaders.SYNC_TOKEN] = this.syncToken;
    }
    return headers;
  }

  /** Keeps the answer's sync token for the next request. */
  noteSyncToken(headers: TransportResponse["headers"]): void {
    const token = headers[RestHeaders.SYNC_TOKEN];
    if (this.#options.readYourWrites && typeof token === "string") {
      this.syncToken = token;
    }
  }

  /** Runs one command and returns its raw value; a command error throws {@link CommandError}. */
  async execute(argv: Argv, call: CallOptions = {}): Promise<RestValue> {
    const json = toJsonArgv(argv);
    // Bytes that are not UTF-8 cannot ride in JSON text: the path form is byte-exact (§2.3).
    const { path, body } =
      json === undefined ? toPathCommand(argv) : { path: "/", body: JSON.stringify(json) };
    const response = await this.transport.request({
      method: "POST",
      path,
      headers: this.headers(),
      body,
      signal: call.signal,
      timeoutMs: call.timeoutMs,
    });
    this.noteSyncToken(response.headers);
    const [outcome] = this.#decode(response, { argv: [argv], kind: "single" });
    if (outcome === undefined) {
      throw httpErrorOf(response);
    }
    if (!outcome.ok) {
      throw new CommandError(outcome.error, {
        command: describeArgv(argv),
        status: response.status,
      });
    }
    return outcome.value;
  }

  /**
   * Runs a batch on `/pipeline` or, with `isTransaction`, `/multi-exec`; one outcome per command.
   * A discarded transaction throws {@link CommandError} (§12).
   */
  async executeBatch(
    argvs: readonly Argv[],
    options: CallOptions & { readonly isTransaction: boolean },
  ): Promise<RestOutcome[]> {
    if (argvs.length === 0) {
      // kv-rest-wire.md §15.2: the SDK's wording; no request is sent.
      throw new UsageError("Pipeline is empty");
    }
    const rows = argvs.map((argv, index) => {
      const json = toJsonArgv(argv);
      if (json === undefined) {
        throw new UsageError(
          `Command ${index + 1} has a byte argument that is not valid UTF-8; JSON batches cannot carry it. Run it alone.`,
        );
      }
      return json;
    });
    const response = await this.transport.request({
      method: "POST",
      path: options.isTransaction ? "/multi-exec" : "/pipeline",
      headers: this.headers(options.isTransaction),
      body: JSON.stringify(rows),
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
    this.noteSyncToken(response.headers);
    return this.#decode(response, {
      argv: argvs,
      kind: options.isTransaction ? "transaction" : "pipeline",
    });
  }

  /** Decodes a 2xx answer; maps a non-2xx one to the error hierarchy. */
  #decode(
    response: TransportResponse,
    request: {
      readonly argv: readonly Argv[];
      readonly kind: "single" | "pipeline" | "transaction";
    },
  ): RestOutcome[] {
    const isSingle = request.kind === "single";
    // `/multi-exec` answers JSON only (§7), whatever was asked.
    if (this.#isResp2 && request.kind !== "transaction" && isResp2Body(response)) {
      // A failed single command is a 400 with the `-ERR …` bytes (§7, emulator choice).
      return decodeResp2Replies(response.body);
    }
    if (response.status >= 200 && response.status < 300) {
      return isSingle
        ? [decodeJsonReply(response, this.#isBase64)]
        : decodeJsonReplies(response, this.#isBase64);
    }
    const message = errorMessageOf(response);
    if (response.status === 400 && message !== undefined) {
      // A command's own failure (§8): syntax, WRONGTYPE, NOPERM, or a discarded transaction.
      const command = isSingle
        ? describeArgv(request.argv[0] ?? [])
        : [request.kind === "transaction" ? "MULTI-EXEC" : "PIPELINE"];
      throw new CommandError(message, { command, status: response.status });
    }
    throw httpErrorOf(response);
  }
}

/** A failed batch entry as a {@link CommandError} with its position. */
export function batchEntryError(error: string, argv: Argv, index: number): CommandError {
  return new CommandError(error, {
    command: describeArgv(argv),
    status: BATCH_ENTRY_STATUS,
    index,
  });
}

/**
 * What a check runs with: the targets, a request helper bound to the check's time limit, and
 * names under the run's own prefix, so the suite never touches keys or channels it did not make.
 */
import { randomBytes } from "node:crypto";
import type { FetchFunction } from "../rest.ts";
import { CheckSkipped } from "./errors.ts";
import { type HttpCall, type HttpReply, send } from "./http.ts";
import { openSse, type SseStream } from "./sse.ts";
import type {
  KvConformanceTarget,
  ManagementConformanceTarget,
  VectorConformanceTarget,
} from "./types.ts";

export interface CheckContext {
  readonly kv: KvConformanceTarget;
  /** Fires when the check runs out of time. */
  readonly signal: AbortSignal;
  /** A request to the key-value URL; `token` defaults to the Standard token. */
  kvRequest(call: Omit<HttpCall, "token"> & { readonly token?: string | null }): Promise<HttpReply>;
  /** Runs one command as a JSON array on `POST /`; `token` defaults to the Standard token. */
  kvCommand(argv: readonly (string | number)[], token?: string): Promise<HttpReply>;
  /** Opens an SSE stream on the key-value URL with the Standard token. */
  kvStream(path: string): Promise<SseStream>;
  /** A key under the run's prefix, remembered for clean-up. */
  key(name: string): string;
  /** A pub/sub channel name under the run's prefix. */
  channel(name: string): string;
  /**
   * A key prefix under the run's prefix for a library that names its own keys: clean-up deletes
   * every key under it (SCAN MATCH).
   */
  keyPrefix(name: string): string;
  /** The Read Only token, or skip the check when none was given. */
  readOnlyToken(): string;
  /** The vector target (only vector checks run, and only when one was given). */
  readonly vector: VectorConformanceTarget;
  /**
   * A request to `{vector url}/{command}`; `token` defaults to the read-write token. Writes go
   * to {@link CheckContext.vectorNamespace}, which clean-up deletes.
   */
  vectorRequest(
    call: Omit<HttpCall, "token"> & { readonly token?: string | null },
  ): Promise<HttpReply>;
  /** The run's own vector namespace, created by the first upsert into it. */
  readonly vectorNamespace: string;
  /** The vector Read Only token, or skip the check when none was given. */
  vectorReadOnlyToken(): string;
  /** The management target (only management checks run, and only when one was given). */
  readonly management: ManagementConformanceTarget;
  /** A request below the management base URL; `auth: null` sends no credentials. */
  managementRequest(
    call: Omit<HttpCall, "token"> & { readonly auth?: { email: string; apiKey: string } | null },
  ): Promise<HttpReply>;
}

export interface ConformanceTargets {
  readonly kv: KvConformanceTarget;
  readonly vector?: VectorConformanceTarget | undefined;
  readonly management?: ManagementConformanceTarget | undefined;
}

const missing = (what: string): never => {
  throw new CheckSkipped(`no ${what} target given`);
};

/** The run-wide state behind every check's context. */
export class ConformanceRun {
  /** `stratus-conformance:<random>`: the only names the suite writes (safe on a real deployment). */
  readonly prefix = `stratus-conformance:${randomBytes(6).toString("hex")}`;
  readonly createdKeys = new Set<string>();
  /** Prefixes handed to libraries; clean-up scans for their keys. */
  readonly keyPrefixes = new Set<string>();
  /** A namespace is a path segment (§1.1): `[a-z0-9-]` only, so it reads the same encoded or not. */
  readonly vectorNamespace = this.prefix.replace(":", "-");
  readonly kv: KvConformanceTarget;
  readonly targets: ConformanceTargets;
  readonly fetch: FetchFunction;

  constructor(targets: ConformanceTargets, fetchFunction: FetchFunction) {
    this.kv = targets.kv;
    this.targets = targets;
    this.fetch = fetchFunction;
  }

  context(signal: AbortSignal): CheckContext {
    const run = this;
    const base = { url: this.kv.url, fetch: this.fetch, signal };
    const kvRequest: CheckContext["kvRequest"] = (call) =>
      send(base, { ...call, token: call.token === undefined ? this.kv.token : call.token });
    return {
      kv: this.kv,
      signal,
      kvRequest,
      kvCommand: (argv, token) =>
        kvRequest({ path: "/", json: argv, token: token ?? this.kv.token }),
      kvStream: (path) => openSse(base, { path, token: this.kv.token }),
      key: (name) => {
        const key = `${this.prefix}:${name}`;
        this.createdKeys.add(key);
        return key;
      },
      channel: (name) => `${this.prefix}:${name}`,
      keyPrefix: (name) => {
        const prefix = `${this.prefix}:${name}`;
        this.keyPrefixes.add(prefix);
        return prefix;
      },
      readOnlyToken: () => {
        if (this.kv.readOnlyToken === undefined) {
          throw new CheckSkipped("no read-only token given");
        }
        return this.kv.readOnlyToken;
      },
      get vector() {
        return run.targets.vector ?? missing("vector");
      },
      vectorRequest: (call) => {
        const vector = this.targets.vector ?? missing("vector");
        return send(
          { url: vector.url, fetch: this.fetch, signal },
          { ...call, token: call.token === undefined ? vector.token : call.token },
        );
      },
      vectorNamespace: this.vectorNamespace,
      vectorReadOnlyToken: () => {
        const token = (this.targets.vector ?? missing("vector")).readOnlyToken;
        if (token === undefined) {
          throw new CheckSkipped("no vector read-only token given");
        }
        return token;
      },
      get management() {
        return run.targets.management ?? missing("management");
      },
      managementRequest: (call) => {
        const management = this.targets.management ?? missing("management");
        const auth = call.auth === undefined ? management : call.auth;
        const headers: Record<string, string> = { ...call.headers };
        if (auth !== null) {
          // interfaces.md, Authentication 1: Basic base64(<email>:<api key>).
          const credentials = Buffer.from(`${auth.email}:${auth.apiKey}`).toString("base64");
          headers["authorization"] = `Basic ${credentials}`;
        }
        return send(
          { url: management.url, fetch: this.fetch, signal },
          { ...call, headers, token: null },
        );
      },
    };
  }

  /** SCANs for the keys under `prefix` and deletes them. */
  async #deleteUnder(prefix: string, signal: AbortSignal): Promise<void> {
    const base = { url: this.kv.url, fetch: this.fetch, signal };
    const pattern = `${prefix.replaceAll(/[*?[\]\\]/g, "\\$&")}*`;
    let cursor = "0";
    do {
      const reply = await send(base, {
        path: "/",
        token: this.kv.token,
        json: ["SCAN", cursor, "MATCH", pattern, "COUNT", 1000],
      });
      const result = (reply.json() as { result?: [string, string[]] }).result;
      if (result === undefined) {
        return;
      }
      const [next, keys] = result;
      if (keys.length > 0) {
        await send(base, { path: "/", token: this.kv.token, json: ["DEL", ...keys] });
      }
      cursor = next;
    } while (cursor !== "0");
  }

  /** Deletes every key a check named, in batches, ignoring keys that never existed. */
  async cleanUp(signal: AbortSignal): Promise<void> {
    const keys = [...this.createdKeys];
    for (let start = 0; start < keys.length; start += 100) {
      await send(
        { url: this.kv.url, fetch: this.fetch, signal },
        { path: "/", token: this.kv.token, json: ["DEL", ...keys.slice(start, start + 100)] },
      );
    }
    this.createdKeys.clear();
    for (const prefix of this.keyPrefixes) {
      await this.#deleteUnder(prefix, signal);
    }
    this.keyPrefixes.clear();
    const { vector } = this.targets;
    if (vector !== undefined) {
      // The namespace exists only if a check wrote into it; a 404 for it is fine.
      await send(
        { url: vector.url, fetch: this.fetch, signal },
        {
          path: `/delete-namespace/${encodeURIComponent(this.vectorNamespace)}`,
          token: vector.token,
        },
      );
    }
  }
}

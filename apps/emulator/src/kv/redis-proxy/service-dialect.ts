/**
 * What the proxy changes so that a real Redis answers as the service does (docs/differences.md):
 * - scripts whose shebang names the service's `allow-key-locking` flag go to Redis without it,
 *   while SCRIPT LOAD answers, and EVALSHA and SCRIPT EXISTS take, the SHA-1 of the text the
 *   client sent (libraries such as @upstash/ratelimit hard-code it and call EVALSHA first);
 * - FUNCTION LOAD libraries registering a function with `allow-key-locking` get `allow-stale`
 *   in its place (harmless on a primary; FUNCTION LIST shows it);
 * - `SCAN … WITHTYPE` is a SCAN followed by TYPE for each key returned;
 * - `COPY key key` answers 0 without asking Redis;
 * - HEXPIREAT/HPEXPIREAT times past Redis's field-expiry limit are set to that limit.
 *
 * One instance per backend: the SHA map is shared by every connection to the same Redis, as
 * Redis's script cache is.
 */
import { createHash } from "node:crypto";
import type { Resp2Value } from "@stratus/core/resp2";
import { asciiUpper } from "../argv.ts";
import type { Argv } from "../backend.ts";

/** Sends commands on the connection the prepared command went on, in order. */
export type SendCommands = (commands: readonly Argv[]) => Promise<readonly Resp2Value[]>;

export interface PreparedCommand {
  /** What goes to Redis; undefined when the proxy answers by itself (through `finish`). */
  readonly argv: Argv | undefined;
  /** Turns Redis's reply (or, without `argv`, nothing) into the service's. */
  readonly finish?: (reply: Resp2Value | undefined, send: SendCommands) => Promise<Resp2Value>;
}

/** The service's script flag that Redis does not know. */
export const SERVICE_ONLY_FLAG = "allow-key-locking";
/** Redis's `HFE_MAX_ABS_TIME_MSEC` (src/server.h): the latest time a hash field may expire at. */
export const REDIS_FIELD_EXPIRE_MAX_MS = 2n ** 46n - 1n;
/** The service's limit as the engine applies it (docs/differences.md); past it Redis refuses. */
const SERVICE_FIELD_EXPIRE_MAX_MS = 2n ** 52n;
/** Remembered rewritten scripts at most; past it the oldest are forgotten (EVAL re-teaches). */
const MAX_REMEMBERED_SCRIPTS = 10_000;

const FUNCTION_FLAG_LITERAL = /(["'])allow-key-locking\1/g;
const INTEGER = /^-?\d+$/;

function sha1hex(body: string): string {
  return createHash("sha1").update(Buffer.from(body, "latin1")).digest("hex");
}

/**
 * The script without the service-only flag in its shebang, or undefined when it has none. The
 * line is rebuilt in place, so line numbers in Redis's errors stay the client's.
 */
export function stripServiceFlags(body: string): string | undefined {
  if (!body.startsWith("#!")) {
    return undefined;
  }
  const end = body.indexOf("\n");
  const line = end === -1 ? body : body.slice(0, end);
  // Quoted shebang words are left to Redis, which reports its own error for them.
  if (!line.includes(SERVICE_ONLY_FLAG) || /["']/.test(line)) {
    return undefined;
  }
  const words = line.split(/[ \t\r\v\f]+/).filter((word) => word !== "");
  const rewritten = words.map((word) => {
    if (!word.toLowerCase().startsWith("flags=")) {
      return word;
    }
    const flags = word.slice(6).split(",");
    return `${word.slice(0, 6)}${flags.filter((flag) => flag !== SERVICE_ONLY_FLAG).join(",")}`;
  });
  const first = rewritten.join(" ");
  return first === line ? undefined : first + (end === -1 ? "" : body.slice(end));
}

export class ServiceDialect {
  /** SHA-1 of a script as the client sent it → SHA-1 of the text Redis cached. */
  readonly #shas = new Map<string, string>();

  /** The command as Redis should get it, and how to turn Redis's reply into the service's. */
  prepare(argv: Argv): PreparedCommand {
    const name = asciiUpper(argv[0] ?? "");
    switch (name) {
      case "EVAL":
      case "EVAL_RO":
        return { argv: this.#withScript(argv, 1) };
      case "EVALSHA":
      case "EVALSHA_RO":
        return { argv: this.#withShas(argv, 1, 2) };
      case "SCRIPT":
        return this.#script(argv);
      case "FUNCTION":
        return { argv: functionLoad(argv) };
      case "SCAN":
        return scanWithType(argv);
      case "COPY":
        return copySameKey(argv);
      case "HEXPIREAT":
      case "HPEXPIREAT":
        return { argv: clampFieldExpiry(argv, name) };
      default:
        return { argv };
    }
  }

  /** The SHA-1 Redis knows a script by, for the SHA-1 the client knows it by. */
  redisSha(sha: string): string {
    return this.#shas.get(sha.toLowerCase()) ?? sha;
  }

  #remember(original: string, rewritten: string): void {
    if (this.#shas.size >= MAX_REMEMBERED_SCRIPTS) {
      const oldest = this.#shas.keys().next().value;
      if (oldest !== undefined) {
        this.#shas.delete(oldest);
      }
    }
    this.#shas.set(sha1hex(original), sha1hex(rewritten));
  }

  #withScript(argv: Argv, at: number): Argv {
    const body = argv[at];
    const rewritten = body === undefined ? undefined : stripServiceFlags(body);
    if (body === undefined || rewritten === undefined) {
      return argv;
    }
    this.#remember(body, rewritten);
    return replaceAt(argv, at, rewritten);
  }

  /** `argv` with the SHAs from `from` up to (not including) `to` translated. */
  #withShas(argv: Argv, from: number, to: number): Argv {
    return argv.map((arg, index) => (index >= from && index < to ? this.redisSha(arg) : arg));
  }

  #script(argv: Argv): PreparedCommand {
    const sub = asciiUpper(argv[1] ?? "");
    if (sub === "EXISTS") {
      return { argv: this.#withShas(argv, 2, argv.length) };
    }
    const body = argv[2];
    if (sub !== "LOAD" || argv.length !== 3 || body === undefined) {
      return { argv };
    }
    const sent = this.#withScript(argv, 2);
    if (sent === argv) {
      return { argv };
    }
    const clientSha = sha1hex(body);
    return {
      argv: sent,
      finish: async (reply) =>
        reply?.kind === "bulk"
          ? { kind: "bulk", value: Buffer.from(clientSha, "latin1") }
          : orNull(reply),
    };
  }
}

function replaceAt(argv: Argv, at: number, value: string): Argv {
  return argv.map((arg, index) => (index === at ? value : arg));
}

function orNull(reply: Resp2Value | undefined): Resp2Value {
  return reply ?? { kind: "null" };
}

/** FUNCTION LOAD [REPLACE] code: `allow-key-locking` literals become `allow-stale`. */
function functionLoad(argv: Argv): Argv {
  if (asciiUpper(argv[1] ?? "") !== "LOAD" || argv.length < 3) {
    return argv;
  }
  const at = argv.length - 1;
  const code = argv[at] ?? "";
  const rewritten = code.replace(FUNCTION_FLAG_LITERAL, "$1allow-stale$1");
  return rewritten === code ? argv : replaceAt(argv, at, rewritten);
}

/** SCAN cursor [MATCH p] [COUNT n] [TYPE t] [WITHTYPE]: WITHTYPE becomes a TYPE per key. */
function scanWithType(argv: Argv): PreparedCommand {
  const sent: string[] = argv.slice(0, 2);
  let withType = false;
  for (let i = 2; i < argv.length; i++) {
    const word = argv[i] ?? "";
    const token = asciiUpper(word);
    if (token === "WITHTYPE") {
      withType = true;
    } else if (
      (token === "MATCH" || token === "COUNT" || token === "TYPE") &&
      i + 1 < argv.length
    ) {
      sent.push(word, argv[i + 1] ?? "");
      i++;
    } else {
      sent.push(word);
    }
  }
  if (!withType) {
    return { argv };
  }
  return { argv: sent, finish: (reply, send) => addTypes(orNull(reply), send) };
}

async function addTypes(reply: Resp2Value, send: SendCommands): Promise<Resp2Value> {
  const [cursor, keys] = reply.kind === "array" ? reply.items : [];
  if (cursor === undefined || keys?.kind !== "array" || keys.items.length === 0) {
    return reply;
  }
  const names = keys.items.map((key) =>
    key.kind === "bulk" ? Buffer.from(key.value).toString("latin1") : "",
  );
  const types = await send(names.map((key) => ["TYPE", key]));
  const items: Resp2Value[] = [];
  keys.items.forEach((key, index) => {
    const type = types[index];
    // A key deleted between SCAN and TYPE is left out, as SCAN itself would have.
    if (type?.kind === "simple" && type.value !== "none") {
      items.push(key, { kind: "bulk", value: Buffer.from(type.value, "latin1") });
    }
  });
  return { kind: "array", items: [cursor, { kind: "array", items }] };
}

/** COPY key key [REPLACE] in the same database: the service's 0 (Redis answers an error). */
function copySameKey(argv: Argv): PreparedCommand {
  const options = argv.slice(3).map((word) => asciiUpper(word));
  const isSameKey =
    argv.length >= 3 && argv[1] === argv[2] && options.every((option) => option === "REPLACE");
  if (!isSameKey) {
    return { argv };
  }
  return { argv: undefined, finish: async () => ({ kind: "integer", value: 0n }) };
}

/** An absolute field-expiry time past Redis's limit but within the service's is set to the limit. */
function clampFieldExpiry(argv: Argv, name: "HEXPIREAT" | "HPEXPIREAT"): Argv {
  const text = argv[2] ?? "";
  if (!INTEGER.test(text)) {
    return argv;
  }
  const ms = name === "HEXPIREAT" ? BigInt(text) * 1000n : BigInt(text);
  if (ms <= REDIS_FIELD_EXPIRE_MAX_MS || ms > SERVICE_FIELD_EXPIRE_MAX_MS) {
    return argv;
  }
  return ["HPEXPIREAT", argv[1] ?? "", String(REDIS_FIELD_EXPIRE_MAX_MS), ...argv.slice(3)];
}

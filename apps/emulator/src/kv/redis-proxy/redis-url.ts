/**
 * `--redis-url`: where the proxy backend connects, validated once at start-up so a typo fails with
 * a clear message instead of a stream of 503s.
 */
import { EmulatorError } from "../../errors.ts";

/** A parsed `redis://[[user]:password@]host[:port][/db]` (or `rediss://` for TLS). */
export interface RedisTarget {
  readonly host: string;
  readonly port: number;
  readonly isTls: boolean;
  /** `AUTH [username] password` after connecting; undefined: no AUTH. */
  readonly username: string | undefined;
  readonly password: string | undefined;
  /** `SELECT db` after connecting when not 0. */
  readonly db: number;
}

export const DEFAULT_REDIS_PORT = 6379;
/** `SELECT` takes a C `int` (src/server.c selectCommand). */
const MAX_DB_INDEX = 2_147_483_647;
const EXAMPLE = "redis://[[user]:password@]host[:port][/db]";

/**
 * Parses and validates a Redis URL.
 * @throws {EmulatorError} `ERR_INVALID_OPTIONS`, naming the problem; the password is never quoted.
 */
export function parseRedisUrl(url: string): RedisTarget {
  const invalid = (problem: string): EmulatorError =>
    new EmulatorError(
      "ERR_INVALID_OPTIONS",
      `--redis-url ${redactRedisUrl(url)}: ${problem} (expected ${EXAMPLE})`,
    );
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid("not a valid URL");
  }
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:") {
    throw invalid(`the scheme must be redis: or rediss:, not ${parsed.protocol}`);
  }
  // WHATWG keeps IPv6 brackets in `hostname`; sockets want the bare address.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  if (host === "") {
    throw invalid("the host is missing");
  }
  if (parsed.search !== "" || parsed.hash !== "") {
    throw invalid("query parameters and fragments are not supported");
  }
  const dbText = parsed.pathname.replace(/^\//, "");
  if (dbText !== "" && !/^\d+$/.test(dbText)) {
    throw invalid(`the path must be a database number, not /${dbText}`);
  }
  const db = dbText === "" ? 0 : Number(dbText);
  if (db > MAX_DB_INDEX) {
    throw invalid(`database ${dbText} is out of range`);
  }
  const username = decode(parsed.username, () => invalid("the user name is badly percent-encoded"));
  const password = decode(parsed.password, () => invalid("the password is badly percent-encoded"));
  if (username !== "" && password === "") {
    throw invalid("a user name needs a password (redis://user:password@host)");
  }
  return {
    host,
    port: parsed.port === "" ? DEFAULT_REDIS_PORT : Number(parsed.port),
    isTls: parsed.protocol === "rediss:",
    username: username === "" ? undefined : username,
    password: password === "" ? undefined : password,
    db,
  };
}

function decode(text: string, onError: () => Error): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw onError();
  }
}

/** The URL with its password replaced, for messages and logs. */
export function redactRedisUrl(url: string): string {
  return url.replace(/^(rediss?:\/\/[^:@/]*:)[^@/]*@/i, "$1***@");
}

/** `redis://host:port/db` without credentials, for error messages. */
export function describeRedisTarget(target: RedisTarget): string {
  const host = target.host.includes(":") ? `[${target.host}]` : target.host;
  return `${target.isTls ? "rediss" : "redis"}://${host}:${target.port}/${target.db}`;
}

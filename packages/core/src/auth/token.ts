/**
 * Token comparison, verification and generation. The comparisons run in time that depends on the
 * expected secret's length, never on where the first difference is, so response timing cannot be
 * used to guess a token character by character.
 */
import { AuthConfigError } from "./errors.ts";

/**
 * Compares `actual` (from the request) with `expected` (the secret) without returning early: the
 * loop always covers the whole of `expected`, and a length mismatch is folded into the result
 * rather than checked first. Time depends on `expected.length` (unavoidable, and the same for every
 * guess) and not on `actual`'s content. Compares UTF-16 code units, so it agrees with `===`.
 *
 * JavaScript gives no hard constant-time guarantee; this is the usual best effort for a
 * synchronous check (Web Crypto has no synchronous equivalent).
 */
export function timingSafeEqual(actual: string, expected: string): boolean {
  const actualLength = actual.length;
  const expectedLength = expected.length;
  let difference = actualLength ^ expectedLength;
  for (let i = 0; i < expectedLength; i++) {
    // Past the end of `actual`, charCodeAt gives NaN and `| 0` makes it 0; the length term above
    // has already marked the mismatch, and the loop keeps running for uniform timing.
    difference |= (actual.charCodeAt(i) | 0) ^ expected.charCodeAt(i);
  }
  return difference === 0;
}

/** One accepted token and what it allows. Extra fields pass through to the verifier's result. */
export interface TokenGrant {
  /** The secret token. */
  readonly token: string;
  /** Whether the token may run read commands only (spec/kv-rest-wire.md §4, "Read Only"). */
  readonly isReadOnly: boolean;
}

/** Checks request tokens against a fixed set of grants. */
export interface TokenVerifier<TGrant extends TokenGrant> {
  /** The grant whose token equals `token`, or `undefined` (then answer 401). */
  verify(token: string | null | undefined): TGrant | undefined;
}

/**
 * Creates a verifier over `grants`. `verify` compares the token with **every** grant, in constant
 * time each and without stopping at a match, so timing reveals neither the token nor which grant
 * (standard or read-only) it matched.
 *
 * @throws {AuthConfigError} if a grant's token is empty or two grants share a token.
 */
export function createTokenVerifier<TGrant extends TokenGrant>(
  grants: readonly TGrant[],
): TokenVerifier<TGrant> {
  const seen = new Set<string>();
  for (const grant of grants) {
    if (grant.token === "") {
      throw new AuthConfigError("A token must not be empty: it would match a request without one.");
    }
    if (seen.has(grant.token)) {
      throw new AuthConfigError("Two grants share one token; give each grant its own token.");
    }
    seen.add(grant.token);
  }
  const frozen = [...grants];
  return {
    verify(token: string | null | undefined): TGrant | undefined {
      if (token === null || token === undefined || token === "") {
        return undefined;
      }
      let match: TGrant | undefined;
      for (const grant of frozen) {
        // No early exit: every grant is compared whatever the outcome.
        if (timingSafeEqual(token, grant.token)) {
          match = grant;
        }
      }
      return match;
    },
  };
}

/** The largest `byteLength` `crypto.getRandomValues` fills in one call (WebCrypto §10.1.1). */
const MAX_RANDOM_BYTES = 65_536;

/**
 * A fresh random token: `byteLength` bytes from `crypto.getRandomValues`, as URL-safe base64
 * without padding (RFC 4648 §5), so it can sit in `?_token=` and `Authorization` unescaped. It
 * never starts with `-`: command lines would read it as an option (`--token -x…`).
 *
 * @param byteLength random bytes, 16 to 65,536. @default 32 (256 bits)
 * @throws {AuthConfigError} if `byteLength` is out of range.
 */
export function generateToken(byteLength = 32): string {
  // Below 16 bytes (128 bits) a token is guessable in principle.
  if (!Number.isSafeInteger(byteLength) || byteLength < 16 || byteLength > MAX_RANDOM_BYTES) {
    throw new AuthConfigError(
      `Token length must be 16 to ${MAX_RANDOM_BYTES} bytes, got ${byteLength}.`,
    );
  }
  for (;;) {
    const token = randomToken(byteLength);
    // A draw starting with `-` (1 in 64) is drawn again, so every allowed token stays equally likely.
    if (!token.startsWith("-")) {
      return token;
    }
  }
}

function randomToken(byteLength: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(byteLength));
  // btoa over a binary string: auth/ may not import base64/ (STYLE.md §5.3), and tokens are small.
  let binary = "";
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

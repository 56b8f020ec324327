/**
 * Credentials from `Authorization` headers and the `_token` query parameter. Pure functions over
 * strings (the anchor is hono's `utils/basic-auth.ts`); a malformed credential is `undefined`, so
 * the caller answers 401 with the service's text (spec/kv-rest-wire.md §4).
 */

/**
 * `Bearer <token>`. The scheme is case-insensitive (RFC 9110 §11.1); the token is any run of
 * visible ASCII, which covers RFC 6750's token68 and the service's tokens (`…DQ=`), plus tokens a
 * user configured with other symbols.
 */
const BEARER = /^bearer[ \t]+([\x21-\x7e]+)[ \t]*$/i;

/** `Basic <base64>` (RFC 7617); standard, padded base64 only. */
const BASIC =
  /^basic[ \t]+((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)[ \t]*$/i;

// Credentials are UTF-8 (RFC 7617 §2.1 charset); `fatal` so that bytes which are not UTF-8 fail
// instead of turning into U+FFFD, which would let different passwords compare equal.
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The token of an `Authorization: Bearer <token>` header (spec/kv-rest-wire.md §4), or
 * `undefined` if the header is missing, uses another scheme, or is malformed.
 */
export function parseBearerToken(headerValue: string | null | undefined): string | undefined {
  if (headerValue === null || headerValue === undefined) {
    return undefined;
  }
  return BEARER.exec(headerValue)?.[1];
}

/** Credentials of HTTP basic authentication. */
export interface BasicCredentials {
  readonly username: string;
  readonly password: string;
}

/**
 * The credentials of an `Authorization: Basic <base64 of user:pass>` header, as the management
 * interface uses (spec/interfaces.md, "Authentication" 1), or `undefined` if the header is missing,
 * uses another scheme, is not strict base64, is not UTF-8, or has no `:`. The username ends at
 * the first `:` (RFC 7617 §2 forbids it there), so the password may contain colons.
 */
export function parseBasicAuth(
  headerValue: string | null | undefined,
): BasicCredentials | undefined {
  if (headerValue === null || headerValue === undefined) {
    return undefined;
  }
  const encoded = BASIC.exec(headerValue)?.[1];
  if (encoded === undefined) {
    return undefined;
  }
  // The pattern admits only padded standard base64, so the forgiving `atob` (which also takes
  // whitespace and missing padding) sees nothing else; auth/ may not import base64/ (STYLE.md §5.3).
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  let decoded: string;
  try {
    decoded = strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(":");
  if (colon < 0) {
    return undefined;
  }
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Where a key-value REST request may carry its token. */
export interface TokenSources {
  /** The `Authorization` header value. */
  readonly authorization?: string | null | undefined;
  /** The `_token` query parameter value. */
  readonly queryToken?: string | null | undefined;
}

/**
 * The token of a key-value REST request: `Authorization: Bearer <token>` or `?_token=<token>`
 * (spec/kv-rest-wire.md §4). The header wins when it holds a bearer token; otherwise a non-empty
 * query token is used. `undefined` means no usable token (401).
 */
export function tokenFromRequest(sources: TokenSources): string | undefined {
  const bearer = parseBearerToken(sources.authorization);
  if (bearer !== undefined) {
    return bearer;
  }
  const query = sources.queryToken;
  return query === null || query === undefined || query === "" ? undefined : query;
}

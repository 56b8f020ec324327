/**
 * @module
 * `@stratus/core/auth`: bearer and basic credentials, constant-time token checks and token
 * generation, as pure functions over strings (STYLE.md §6; spec/kv-rest-wire.md §4).
 */
export { AuthConfigError } from "./errors.ts";
export type { BasicCredentials, TokenSources } from "./header.ts";
export { parseBasicAuth, parseBearerToken, tokenFromRequest } from "./header.ts";
export type { TokenGrant, TokenVerifier } from "./token.ts";
export { createTokenVerifier, generateToken, timingSafeEqual } from "./token.ts";

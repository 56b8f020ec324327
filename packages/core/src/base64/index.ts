/**
 * @module
 * `@stratus/core/base64`: strict base64 and base64url codecs and the UTF-8 helpers every Stratus
 * package decodes with (STYLE.md §6).
 */
export { decodeBase64, decodeBase64Url, encodeBase64, encodeBase64Url } from "./base64.ts";
export { Base64DecodeError } from "./errors.ts";
export { isValidUtf8, utf8Decode, utf8Encode } from "./utf8.ts";

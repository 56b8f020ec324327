/**
 * @module
 * `@stratus/client`: a typed SDK for the key-value REST, vector REST and management interfaces.
 */
export {};

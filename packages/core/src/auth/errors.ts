import { StratusCoreError } from "../errors.ts";

/**
 * Thrown for an unusable auth configuration: an empty or duplicated token in
 * `createTokenVerifier`, or a bad `generateToken` length. An empty token would match a request
 * that sent none.
 */
export class AuthConfigError extends StratusCoreError {
  override readonly name: string = "AuthConfigError";
}

/** The vector interface's success envelope, `{"result": …}` (vector-rest-wire.md §1.3). */
import { ResponseShapeError } from "../errors.ts";

/** The `result` of a 2xx answer; its absence is an error, as in the SDK. */
export function unwrapResult(json: unknown): unknown {
  if (typeof json === "object" && json !== null && Object.hasOwn(json, "result")) {
    return (json as { readonly result: unknown }).result;
  }
  throw new ResponseShapeError("The vector answer did not return a result");
}

/**
 * The path of a command, with the namespace as its own segment (§1.1: the server decodes it with
 * `decodeURIComponent`); the default namespace `""` has none.
 */
export function vectorPath(command: string, namespace: string): string {
  return namespace === "" ? `/${command}` : `/${command}/${encodeURIComponent(namespace)}`;
}

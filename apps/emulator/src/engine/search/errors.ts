/** Search errors are ordinary Redis error replies. */
import { ReplyError } from "../errors.ts";

export function searchError(text: string): ReplyError {
  return new ReplyError(text);
}

/**
 * The engine's error catalogue: Redis's exact texts, once (STYLE.md §7.4). Commands throw
 * `ReplyError`; the dispatcher turns it into an error reply.
 */

/** A Redis error reply; `reply` is the whole line without the leading `-`, e.g. `ERR syntax error`. */
export class ReplyError extends Error {
  override readonly name = "ReplyError";
  readonly reply: string;

  constructor(reply: string) {
    super(reply);
    this.reply = reply;
  }
}

/** Redis's error texts (src/server.c shared objects and the commands' own `addReplyError` calls). */
export const ERR = {
  WRONGTYPE: "WRONGTYPE Operation against a key holding the wrong kind of value",
  SYNTAX: "ERR syntax error",
  NOT_INTEGER: "ERR value is not an integer or out of range",
  NOT_FLOAT: "ERR value is not a valid float",
  NO_SUCH_KEY: "ERR no such key",
  OUT_OF_RANGE: "ERR index out of range",
  INCR_OVERFLOW: "ERR increment or decrement would overflow",
  INCR_NAN_OR_INFINITY: "ERR increment would produce NaN or Infinity",
  NOT_POSITIVE: "ERR value is out of range, must be positive",
  BIT_OFFSET: "ERR bit offset is not an integer or out of range",
  BIT_VALUE: "ERR bit is not an integer or out of range",
  STRING_TOO_LONG: "ERR string exceeds maximum allowed size (proto-max-bulk-len)",
  DB_INDEX_OUT_OF_RANGE: "ERR DB index is out of range",
  INVALID_DB_INDEX: "ERR invalid DB index",
  SAME_OBJECT: "ERR source and destination objects are the same",
  NOT_ALLOWED_IN_MULTI: "ERR Command not allowed inside a transaction",
  MULTI_NESTED: "ERR MULTI calls can not be nested",
  EXEC_WITHOUT_MULTI: "ERR EXEC without MULTI",
  DISCARD_WITHOUT_MULTI: "ERR DISCARD without MULTI",
  WATCH_IN_MULTI: "ERR WATCH inside MULTI is not allowed",
  EXECABORT: "EXECABORT Transaction discarded because of previous errors.",
  NOPROTO: "NOPROTO unsupported protocol version",
  NOAUTH: "NOAUTH Authentication required.",
  WRONGPASS: "WRONGPASS invalid username-password pair or user is disabled.",
  SUBSCRIBE_CONTEXT: (command: string): string =>
    `ERR Can't execute '${command}': only (P|S)SUBSCRIBE / (P|S)UNSUBSCRIBE / PING / QUIT / RESET are allowed in this context`,
  WRONG_ARITY: (command: string): string =>
    `ERR wrong number of arguments for '${command}' command`,
  INVALID_EXPIRE: (command: string): string => `ERR invalid expire time in '${command}' command`,
  UNKNOWN_SUBCOMMAND: (sub: string, container: string): string =>
    `ERR unknown subcommand '${truncate(sub)}'. Try ${container} HELP.`,
  /** `unknown command 'x', with args beginning with: 'a' 'b' ` (src/server.c processCommand). */
  UNKNOWN_COMMAND: (name: string, args: readonly string[]): string => {
    let beginning = "";
    for (const arg of args) {
      if (beginning.length >= 128) {
        break;
      }
      beginning += `'${truncate(arg, 128 - beginning.length)}' `;
    }
    return `ERR unknown command '${truncate(name)}', with args beginning with: ${beginning}`;
  },
} as const;

/** Redis prints user-supplied names with `%.128s`. */
function truncate(text: string, max = 128): string {
  return text.length > max ? text.slice(0, max) : text;
}

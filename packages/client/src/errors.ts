/**
 * The one error hierarchy of `@stratus/client` (STYLE.md §12). Every error the SDK throws is a
 * {@link StratusError}; callers branch on the subclass or on `code`:
 *
 * - {@link HttpError}: the server answered with a non-2xx status that is not a command's failure.
 * - {@link CommandError}: the server ran (or refused) a command and answered with its error line.
 * - {@link NetworkError}: no answer at all (connection refused or reset), after the retries.
 * - {@link TimeoutError} and {@link AbortError}: the request was cut short, by its deadline or by
 *   the caller's `AbortSignal`; the two are deliberately distinct classes.
 * - {@link ResponseShapeError}: an answer the wire contract does not allow.
 * - {@link UsageError}: a call the SDK refuses before sending anything (empty pipeline, bad URL).
 */

/** The `code` of each error class, for callers that branch without `instanceof`. */
export const StratusErrorCode = {
  HTTP_STATUS: "HTTP_STATUS",
  COMMAND_FAILED: "COMMAND_FAILED",
  NETWORK: "NETWORK",
  TIMEOUT: "TIMEOUT",
  ABORTED: "ABORTED",
  BAD_RESPONSE: "BAD_RESPONSE",
  USAGE: "USAGE",
} as const;

/** One of {@link StratusErrorCode}. */
export type StratusErrorCode = (typeof StratusErrorCode)[keyof typeof StratusErrorCode];

/** The base of every error the SDK throws. */
export class StratusError extends Error {
  override readonly name: string = "StratusError";
  readonly code: StratusErrorCode;

  constructor(code: StratusErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/** A non-2xx answer that is not one command's error: 401, 405, 413, 5xx, a 404 route, … */
export class HttpError extends StratusError {
  override readonly name: string = "HttpError";
  /** The HTTP status. */
  readonly status: number;
  /** The server's message: the `error` field of a JSON body, else the body text (truncated). */
  readonly serverMessage: string;

  constructor(status: number, serverMessage: string, options?: ErrorOptions) {
    super(StratusErrorCode.HTTP_STATUS, `HTTP ${status}: ${serverMessage}`, options);
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** Where a failed command sat and what it was. */
export interface CommandErrorDetails {
  /** The command as sent; byte arguments are shown as UTF-8 text. */
  readonly command: readonly string[];
  /** The HTTP status of the answer: 400 for a single command, 200 for a batch entry. */
  readonly status: number;
  /** The command's position in a pipeline or transaction. */
  readonly index?: number;
}

/**
 * A command's error line (`WRONGTYPE …`, `ERR …`, `NOPERM …`), from a single command's 400 answer,
 * a pipeline or transaction entry, or a discarded transaction (kv-rest-wire.md §8, §12).
 */
export class CommandError extends StratusError {
  override readonly name: string = "CommandError";
  /** The error line exactly as the server sent it. */
  readonly serverMessage: string;
  readonly command: readonly string[];
  readonly status: number;
  readonly index: number | undefined;

  constructor(serverMessage: string, details: CommandErrorDetails) {
    const where = details.index === undefined ? "" : `Command ${details.index + 1} `;
    super(
      StratusErrorCode.COMMAND_FAILED,
      `${where}${describeCommand(details.command)} failed: ${serverMessage}`,
    );
    this.serverMessage = serverMessage;
    this.command = details.command;
    this.status = details.status;
    this.index = details.index;
  }
}

/** The server could not be reached (refused, reset, DNS), after every retry. */
export class NetworkError extends StratusError {
  override readonly name: string = "NetworkError";
  /** How many requests were made, the first included. */
  readonly attempts: number;

  constructor(message: string, options: ErrorOptions & { readonly attempts: number }) {
    super(StratusErrorCode.NETWORK, message, options);
    this.attempts = options.attempts;
  }
}

/** The request outlived its `timeoutMs`. Never retried. */
export class TimeoutError extends StratusError {
  override readonly name: string = "TimeoutError";
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(StratusErrorCode.TIMEOUT, `Request timed out after ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's `AbortSignal` fired. Its `reason` is kept as `cause`. Never retried. */
export class AbortError extends StratusError {
  override readonly name: string = "AbortError";

  constructor(reason: unknown) {
    super(StratusErrorCode.ABORTED, "Request aborted", { cause: reason });
  }
}

/** An answer the wire contract does not allow: not JSON, wrong shape, bad base64 or RESP2. */
export class ResponseShapeError extends StratusError {
  override readonly name: string = "ResponseShapeError";

  constructor(message: string, options?: ErrorOptions) {
    super(StratusErrorCode.BAD_RESPONSE, message, options);
  }
}

/** A call the SDK refuses before sending anything. */
export class UsageError extends StratusError {
  override readonly name: string = "UsageError";

  constructor(message: string) {
    super(StratusErrorCode.USAGE, message);
  }
}

const MAX_SHOWN_ARGUMENT = 60;

/** `[ SET k v ]` with long arguments cut, so a 1 MB value does not end up in a log line. */
function describeCommand(command: readonly string[]): string {
  const shown = command.map((argument) =>
    argument.length > MAX_SHOWN_ARGUMENT ? `${argument.slice(0, MAX_SHOWN_ARGUMENT)}…` : argument,
  );
  return `[ ${shown.join(" ")} ]`;
}

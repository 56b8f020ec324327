/**
 * Start-up and configuration errors of the emulator. Bins print user errors without a stack
 * (STYLE.md §7.8); system errors are bugs and keep theirs.
 */

/** Errors caused by how the emulator was started: fixable by the user. */
export const USER_ERROR_CODES = {
  ERR_ADDRESS_IN_USE: "ERR_ADDRESS_IN_USE", // another process holds the port
  ERR_INVALID_OPTIONS: "ERR_INVALID_OPTIONS", // a flag, variable or config file is wrong
  ERR_DATA_DIR_LOCKED: "ERR_DATA_DIR_LOCKED", // another emulator uses the data directory
  ERR_DATA_CORRUPT: "ERR_DATA_CORRUPT", // stored data is damaged before its tail
} as const;

/** Errors that mean the emulator itself is wrong. */
export const SYSTEM_ERROR_CODES = {
  ERR_INTERNAL: "ERR_INTERNAL",
} as const;

export type EmulatorErrorCode = keyof typeof USER_ERROR_CODES | keyof typeof SYSTEM_ERROR_CODES;

export class EmulatorError extends Error {
  override readonly name = "EmulatorError";
  readonly code: EmulatorErrorCode;

  constructor(code: EmulatorErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }

  /** True when the user can fix the cause (bad flag, busy port, locked directory). */
  get isUserError(): boolean {
    return this.code in USER_ERROR_CODES;
  }
}

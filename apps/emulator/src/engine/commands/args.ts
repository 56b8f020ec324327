/**
 * A cursor over a command's arguments (STYLE.md §7.4). Every method throws the canonical
 * `ReplyError`, so command parsers read as a list of what they expect.
 */
import { asciiUpper } from "../bytes.ts";
import { ERR, ReplyError } from "../errors.ts";
import { parseFloatArg, parseIntegerArg } from "../numbers.ts";

export class Args {
  readonly #argv: readonly string[];
  #index: number;

  /** `start` is the first argument after the command name (2 for subcommands). */
  constructor(argv: readonly string[], start = 1) {
    this.#argv = argv;
    this.#index = start;
  }

  /** The whole argv, command name included. */
  get argv(): readonly string[] {
    return this.#argv;
  }

  /** How many arguments are left. */
  get remaining(): number {
    return this.#argv.length - this.#index;
  }

  hasMore(): boolean {
    return this.#index < this.#argv.length;
  }

  /** The next argument as a key (a binary string). */
  key(): string {
    return this.string();
  }

  /** The next argument, as is (a binary string). */
  string(): string {
    const value = this.#argv[this.#index];
    if (value === undefined) {
      throw new ReplyError(ERR.SYNTAX);
    }
    this.#index++;
    return value;
  }

  /** The next argument as a 64-bit integer that fits a JS number exactly, else `NOT_INTEGER`. */
  integer(error: string = ERR.NOT_INTEGER): number {
    const value = parseIntegerArg(this.string());
    if (value === undefined || typeof value === "bigint") {
      throw new ReplyError(error);
    }
    return value;
  }

  /** The next argument as any signed 64-bit integer (bigint outside the safe range). */
  bigInteger(error: string = ERR.NOT_INTEGER): number | bigint {
    const value = parseIntegerArg(this.string());
    if (value === undefined) {
      throw new ReplyError(error);
    }
    return value;
  }

  /** The next argument as a double (`inf` accepted, NaN refused), else `NOT_FLOAT`. */
  float(error: string = ERR.NOT_FLOAT): number {
    const value = parseFloatArg(this.string());
    if (value === undefined) {
      throw new ReplyError(error);
    }
    return value;
  }

  /** The next argument in ASCII upper case, for matching option names. */
  token(): string {
    return asciiUpper(this.string());
  }

  /** The next argument in upper case without consuming it, or undefined at the end. */
  peekToken(): string | undefined {
    const value = this.#argv[this.#index];
    return value === undefined ? undefined : asciiUpper(value);
  }

  /** Consumes the next argument if it is `token` (case-insensitive). */
  tryToken(token: string): boolean {
    if (this.peekToken() === token) {
      this.#index++;
      return true;
    }
    return false;
  }

  /** Every argument left. */
  rest(): string[] {
    const values = this.#argv.slice(this.#index);
    this.#index = this.#argv.length;
    return values;
  }

  /** Consumes every argument left without copying them (a command that reads argv itself). */
  skipRest(): void {
    this.#index = this.#argv.length;
  }

  /** The next `count` arguments. */
  take(count: number): string[] {
    if (count < 0 || this.#index + count > this.#argv.length) {
      throw new ReplyError(ERR.SYNTAX);
    }
    const values = this.#argv.slice(this.#index, this.#index + count);
    this.#index += count;
    return values;
  }

  /** Asserts that nothing is left; leftovers are a syntax error. */
  end(): void {
    if (this.#index < this.#argv.length) {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
}

/**
 * Redis's `sdssplitargs` (redis/src/sds.c), which splits an inline request line into arguments.
 * It is also how redis-cli reads a typed command, so this is the one place its rules live:
 * - arguments are separated by whitespace (`isspace`: space, \t, \n, \v, \f, \r); inside an
 *   unquoted argument only space, \t, \n and \r end it, so \v and \f are kept;
 * - `"…"` takes the escapes \n \r \t \b \a, `\xHH` (two hex digits; otherwise `\x` is just `x`),
 *   and a backslash before any other character yields that character (`\"`, `\\`);
 * - `'…'` takes only `\'`; every other byte, backslashes included, is literal;
 * - a quote may start mid-argument (`a"b c"` is `ab c`), but a closing quote must be followed by
 *   whitespace or the end of the line, and an unclosed quote is an error;
 * - the line ends at a NUL byte, as the C string it is.
 */

const NUL = 0x00;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const BACKSLASH = 0x5c;
const LOWER_X = 0x78;

/** The escapes of a double-quoted argument that are not the character itself. */
const ESCAPES: ReadonlyMap<number, number> = new Map([
  [0x6e, LF], // \n
  [0x72, CR], // \r
  [0x74, TAB], // \t
  [0x62, 0x08], // \b
  [0x61, 0x07], // \a
]);

/** C's `isspace` in the C locale (Redis never sets LC_CTYPE). */
function isSpace(byte: number): boolean {
  return byte === SPACE || (byte >= TAB && byte <= CR);
}

/** The value of an ASCII hex digit, or -1. */
function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) {
    return byte - 0x30;
  }
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/**
 * Splits one inline request line (without its line ending) into arguments, like Redis's
 * `sdssplitargs`. Returns `undefined` for unbalanced quotes, which Redis answers with
 * `Protocol error: unbalanced quotes in request`. A blank line gives no arguments.
 */
export function splitInlineArgs(line: Uint8Array): Uint8Array[] | undefined {
  const nul = line.indexOf(NUL);
  const length = nul < 0 ? line.length : nul;
  // Reading past the end yields NUL, the C terminator, which the rules below rely on.
  const at = (index: number): number => (index < length ? (line[index] ?? NUL) : NUL);
  // An argument is never longer than the line, so one scratch buffer serves them all.
  const scratch = new Uint8Array(length);
  const args: Uint8Array[] = [];
  let p = 0;
  for (;;) {
    while (p < length && isSpace(at(p))) {
      p++;
    }
    if (p >= length) {
      return args;
    }
    let size = 0;
    let isInDouble = false;
    let isInSingle = false;
    let isDone = false;
    while (!isDone) {
      const byte = at(p);
      if (isInDouble) {
        const high = hexValue(at(p + 2));
        const low = hexValue(at(p + 3));
        if (byte === BACKSLASH && at(p + 1) === LOWER_X && high >= 0 && low >= 0) {
          scratch[size++] = high * 16 + low;
          p += 3;
        } else if (byte === BACKSLASH && at(p + 1) !== NUL) {
          p++;
          const escaped = at(p);
          scratch[size++] = ESCAPES.get(escaped) ?? escaped;
        } else if (byte === DOUBLE_QUOTE) {
          if (at(p + 1) !== NUL && !isSpace(at(p + 1))) {
            return undefined; // a closing quote must be followed by a space or nothing
          }
          isDone = true;
        } else if (byte === NUL) {
          return undefined; // unterminated quotes
        } else {
          scratch[size++] = byte;
        }
      } else if (isInSingle) {
        if (byte === BACKSLASH && at(p + 1) === SINGLE_QUOTE) {
          p++;
          scratch[size++] = SINGLE_QUOTE;
        } else if (byte === SINGLE_QUOTE) {
          if (at(p + 1) !== NUL && !isSpace(at(p + 1))) {
            return undefined;
          }
          isDone = true;
        } else if (byte === NUL) {
          return undefined;
        } else {
          scratch[size++] = byte;
        }
      } else if (byte === SPACE || byte === LF || byte === CR || byte === TAB || byte === NUL) {
        isDone = true;
      } else if (byte === DOUBLE_QUOTE) {
        isInDouble = true;
      } else if (byte === SINGLE_QUOTE) {
        isInSingle = true;
      } else {
        scratch[size++] = byte;
      }
      // C: `if (*p) p++;`
      if (p < length) {
        p++;
      }
    }
    args.push(scratch.slice(0, size));
  }
}

/**
 * The fast path for what clients send nearly always: whole multibulk requests of modest size,
 * `*<n>\r\n` then `$<length>\r\n<bytes>\r\n` per argument, read straight from the received chunk
 * into the binary strings the engine takes — no copy of each argument's bytes before its string.
 *
 * It reads only requests it can read exactly as core's `Resp2RequestParser` would: plain digits,
 * CRLF where Redis expects it, sizes well under every limit, the whole request in the chunk. At
 * anything else (an inline command, a quirk Redis tolerates, an error, a request cut by the end of
 * the chunk) it stops, and the parser takes the rest from that request's first byte.
 */

const STAR = 0x2a;
const DOLLAR = 0x24;
const CR = 0x0d;
const LF = 0x0a;
const ZERO = 0x30;
const NINE = 0x39;
/** Requests with more arguments, or longer ones, go to the parser, which checks every limit. */
const MAX_ARGUMENTS = 1024;
const MAX_ARGUMENT_BYTES = 64 * 1024;
/** More digits than these limits have: not this path's. */
const MAX_DIGITS = 6;

/**
 * Reads the whole requests at the start of `chunk` (which must begin a request) into `requests`;
 * returns the offset where it stopped: the chunk's length, or the first byte left to the parser.
 */
export function readWholeRequests(chunk: Buffer, requests: (readonly string[])[]): number {
  let offset = 0;
  while (offset < chunk.length && chunk[offset] === STAR) {
    const end = readRequest(chunk, offset, requests);
    if (end < 0) {
      break;
    }
    offset = end;
  }
  return offset;
}

/**
 * Where the number `readNumber` read last ends (after its CRLF): a module variable rather than a
 * returned object, since two numbers are read per argument of every request.
 */
let numberEnd = 0;

/** One request at `start`; the offset after it, or -1 (nothing added) when it is not this path's. */
function readRequest(chunk: Buffer, start: number, requests: (readonly string[])[]): number {
  const count = readNumber(chunk, start + 1);
  if (count <= 0 || count > MAX_ARGUMENTS) {
    return -1;
  }
  const argv = new Array<string>(count);
  let position = numberEnd;
  for (let index = 0; index < count; index++) {
    if (chunk[position] !== DOLLAR) {
      return -1;
    }
    const length = readNumber(chunk, position + 1);
    if (length < 0 || length > MAX_ARGUMENT_BYTES) {
      return -1;
    }
    const end = numberEnd + length;
    if (end + 2 > chunk.length || chunk[end] !== CR || chunk[end + 1] !== LF) {
      return -1;
    }
    argv[index] = argumentString(chunk, end, index);
    position = end + 2;
  }
  requests.push(argv);
  return position;
}

/**
 * The arguments of the request read last, by position (the first REUSED_POSITIONS of them). A
 * pipeline repeats much of its requests: the command name always, often a key or a value
 * (redis-benchmark's `LPUSH mylist xxx`, a producer's `XADD events * type click`). Each argument
 * is compared byte by byte with the previous request's at the same position and, when equal, that
 * string is used again: no native call to make a string (about 50 ns each) and no garbage, and the
 * command lookup and the keyspace's Map find a string whose hash V8 already knows. A string is
 * immutable, so sharing an equal one changes nothing a command can see.
 */
const REUSED_POSITIONS = 8;
/** Longer arguments are not compared: a mismatch found late would cost more than it saves. */
const REUSED_MAX_BYTES = 64;
const lastArguments: string[] = new Array<string>(REUSED_POSITIONS).fill("");

/**
 * The argument at `index` of the request, its bytes from `numberEnd` (the start after its length
 * header, which `readNumber` just read) to `end`. Positional, with no options object: it runs for
 * every argument of every request.
 */
function argumentString(chunk: Buffer, end: number, index: number): string {
  const start = numberEnd;
  const length = end - start;
  if (index >= REUSED_POSITIONS || length > REUSED_MAX_BYTES) {
    return chunk.toString("latin1", start, end);
  }
  const last = lastArguments[index] as string;
  if (last.length === length) {
    let at = 0;
    while (at < length && chunk[start + at] === last.charCodeAt(at)) {
      at++;
    }
    if (at === length) {
      return last;
    }
  }
  const made = chunk.toString("latin1", start, end);
  lastArguments[index] = made;
  return made;
}

/**
 * A count or length at `start`: 1 to MAX_DIGITS digits, no sign, no leading zero, then CRLF; the
 * offset after the CRLF is left in `numberEnd`. -1 for anything else, or when the chunk ends first.
 */
function readNumber(chunk: Buffer, start: number): number {
  let value = 0;
  let position = start;
  for (; position < chunk.length && position - start <= MAX_DIGITS; position++) {
    const byte = chunk[position] ?? 0;
    if (byte < ZERO || byte > NINE) {
      break;
    }
    value = value * 10 + (byte - ZERO);
  }
  const digits = position - start;
  if (digits === 0 || digits > MAX_DIGITS || (digits > 1 && chunk[start] === ZERO)) {
    return -1;
  }
  if (position + 1 >= chunk.length || chunk[position] !== CR || chunk[position + 1] !== LF) {
    return -1;
  }
  numberEnd = position + 2;
  return value;
}

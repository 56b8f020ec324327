/**
 * LZF compression exactly as Redis's bundled liblzf 3.6 does it (deps/lzf/lzf_c.c with lzfP.h's
 * HLOG 16, VERY_FAST 1, ULTRA_FAST 0), so DUMP payloads of long strings are byte-identical to a
 * real server's. The hash table starts empty (Redis leaves it uninitialised, which only matters
 * when stale stack contents happen to form a valid match).
 */

const HLOG = 16;
const HSIZE = 1 << HLOG;
const MAX_LIT = 1 << 5;
const MAX_OFF = 1 << 13;
const MAX_REF = (1 << 8) + (1 << 3);

/** `IDX(h)` in its VERY_FAST form, on 32-bit unsigned arithmetic as C does it. */
function hashIndex(hval: number): number {
  return ((hval >>> (3 * 8 - HLOG)) - Math.imul(hval, 5)) & (HSIZE - 1);
}

/**
 * The hash table: input positions, valid only where `stamps` holds the current call's generation,
 * so a call never clears 64 K slots (snapshots compress every long string).
 */
const table = new Int32Array(HSIZE);
const stamps = new Uint32Array(HSIZE);
let generation = 0;

function remember(slot: number, position: number): void {
  table[slot] = position;
  stamps[slot] = generation;
}

/**
 * `lzf_compress(in, len, out, outLength)`: the compressed bytes, or undefined when they would not
 * fit in `outLength` bytes (Redis then stores the string verbatim).
 */
export function lzfCompress(input: string, outLength: number): string | undefined {
  const inLength = input.length;
  if (inLength === 0 || outLength === 0) {
    return undefined;
  }
  generation = (generation + 1) >>> 0;
  if (generation === 0) {
    stamps.fill(0);
    generation = 1;
  }
  // One spare slot past `outLength`, as Redis allocates `outlen + 1`: the tail loop may use it.
  const out = new Uint8Array(outLength + 4);
  const bytes = Buffer.from(input, "latin1");
  const at = (i: number): number => bytes[i] as number;
  let ip = 0;
  let op = 1; // start run
  let lit = 0;
  let hval = (at(0) << 8) | at(1);
  while (ip < inLength - 2) {
    hval = ((hval << 8) | at(ip + 2)) >>> 0;
    const slot = hashIndex(hval);
    // An empty slot, or position 0 (`ref > in_data` refuses it), is no candidate.
    const stored = stamps[slot] === generation ? (table[slot] as number) : 0;
    const ref = stored > 0 ? stored : -1;
    table[slot] = ip;
    stamps[slot] = generation;
    const off = ip - ref - 1;
    if (
      ref >= 0 &&
      ref < ip &&
      off < MAX_OFF &&
      ref > 0 &&
      at(ref + 2) === at(ip + 2) &&
      at(ref) === at(ip) &&
      at(ref + 1) === at(ip + 1)
    ) {
      let len = 2;
      const maxlen = Math.min(inLength - ip - len, MAX_REF);
      if (op + 3 + 1 >= outLength && op - (lit === 0 ? 1 : 0) + 3 + 1 >= outLength) {
        return undefined;
      }
      out[op - lit - 1] = lit - 1; // stop run
      op -= lit === 0 ? 1 : 0; // undo run if length is zero
      // lzf_c.c unrolls 16 unchecked steps when maxlen > 16, then always takes one more step:
      // kept as is, because it decides the match length at the end of the input.
      let mismatched = false;
      if (maxlen > 16) {
        for (let step = 0; step < 16 && !mismatched; step++) {
          len++;
          mismatched = at(ref + len) !== at(ip + len);
        }
      }
      if (!mismatched) {
        do {
          len++;
        } while (len < maxlen && at(ref + len) === at(ip + len));
      }
      len -= 2; // len is now #octets - 1
      ip++;
      if (len < 7) {
        out[op++] = (off >> 8) + (len << 5);
      } else {
        out[op++] = (off >> 8) + (7 << 5);
        out[op++] = len - 7;
      }
      out[op++] = off & 0xff;
      lit = 0;
      op++; // start run
      ip += len + 1;
      if (ip >= inLength - 2) {
        break;
      }
      // VERY_FAST: re-hash the two positions before the new one.
      ip -= 2;
      hval = (at(ip) << 8) | at(ip + 1);
      hval = ((hval << 8) | at(ip + 2)) >>> 0;
      remember(hashIndex(hval), ip);
      ip++;
      hval = ((hval << 8) | at(ip + 2)) >>> 0;
      remember(hashIndex(hval), ip);
      ip++;
    } else {
      if (op >= outLength) {
        return undefined;
      }
      lit++;
      out[op++] = at(ip++);
      if (lit === MAX_LIT) {
        out[op - lit - 1] = lit - 1; // stop run
        lit = 0;
        op++; // start run
      }
    }
  }
  if (op + 3 > outLength) {
    return undefined;
  }
  while (ip < inLength) {
    lit++;
    out[op++] = at(ip++);
    if (lit === MAX_LIT) {
      out[op - lit - 1] = lit - 1;
      lit = 0;
      op++;
    }
  }
  out[op - lit - 1] = lit - 1; // end run
  op -= lit === 0 ? 1 : 0;
  return Buffer.from(out.buffer, out.byteOffset, op).toString("latin1");
}

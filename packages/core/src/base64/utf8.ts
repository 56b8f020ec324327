/**
 * UTF-8 helpers over the Web `TextEncoder`/`TextDecoder`, shared so every caller decodes the same
 * way: invalid sequences become U+FFFD (spec/kv-rest-wire.md §5.2) and a leading byte-order mark is
 * **kept**, since a Redis value that starts with EF BB BF is data, not a BOM.
 */

const encoder = new TextEncoder();
// `ignoreBOM: true` keeps a leading U+FEFF; the default would silently drop it.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * UTF-8 bytes of `text`. Lone surrogates, which UTF-8 cannot represent, become U+FFFD (EF BF BD),
 * as `TextEncoder` does.
 */
export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * Decodes UTF-8 like a non-fatal `TextDecoder`: each maximal invalid subsequence becomes U+FFFD
 * (WHATWG Encoding §4.1), and a leading BOM stays in the result.
 */
export function utf8Decode(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Whether byte `value` is a continuation byte (10xxxxxx). */
function isContinuation(value: number | undefined): boolean {
  return value !== undefined && (value & 0xc0) === 0x80;
}

/**
 * Whether `bytes` is well-formed UTF-8 (Unicode §3.9, Table 3-7): shortest forms only, no
 * surrogates (U+D800–U+DFFF), nothing above U+10FFFF. When this is true, `utf8Decode` returns text
 * that `utf8Encode` turns back into the same bytes.
 *
 * Hand-written rather than a fatal `TextDecoder` in `try`/`catch`, so that checking allocates no
 * string and rejection throws nothing.
 */
export function isValidUtf8(bytes: Uint8Array): boolean {
  const length = bytes.length;
  let i = 0;
  while (i < length) {
    const lead = bytes[i] ?? 0;
    if (lead < 0x80) {
      i++;
      continue;
    }
    if (lead >= 0xc2 && lead <= 0xdf) {
      if (!isContinuation(bytes[i + 1])) {
        return false;
      }
      i += 2;
      continue;
    }
    if (lead >= 0xe0 && lead <= 0xef) {
      const second = bytes[i + 1] ?? 0;
      // E0 needs A0–BF (no overlong forms); ED needs 80–9F (no surrogates).
      const low = lead === 0xe0 ? 0xa0 : 0x80;
      const high = lead === 0xed ? 0x9f : 0xbf;
      if (second < low || second > high || !isContinuation(bytes[i + 2])) {
        return false;
      }
      i += 3;
      continue;
    }
    if (lead >= 0xf0 && lead <= 0xf4) {
      const second = bytes[i + 1] ?? 0;
      // F0 needs 90–BF (no overlong forms); F4 needs 80–8F (nothing above U+10FFFF).
      const low = lead === 0xf0 ? 0x90 : 0x80;
      const high = lead === 0xf4 ? 0x8f : 0xbf;
      if (
        second < low ||
        second > high ||
        !isContinuation(bytes[i + 2]) ||
        !isContinuation(bytes[i + 3])
      ) {
        return false;
      }
      i += 4;
      continue;
    }
    // 80–C1 (stray continuation, overlong 2-byte lead) and F5–FF never start a sequence.
    return false;
  }
  return true;
}

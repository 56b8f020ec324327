/**
 * MurmurHash3 (x86, 32-bit) over a string's UTF-8 bytes: fast, well mixed and stable across
 * platforms and releases, which is all the embedders need (the same text must give the same
 * vector forever, including after a restart that reloads persisted vectors).
 */

const encoder = new TextEncoder();

export function murmur3(text: string, seed: number): number {
  return murmur3Bytes(encoder.encode(text), seed);
}

/** The UTF-8 bytes {@link murmur3Bytes} hashes: encode once when hashing a text with several seeds. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** {@link murmur3} over bytes already encoded. */
export function murmur3Bytes(bytes: Uint8Array, seed: number): number {
  let h = seed >>> 0;
  const blocks = bytes.length >>> 2;
  for (let i = 0; i < blocks; i++) {
    const j = i * 4;
    let k =
      (bytes[j] as number) |
      ((bytes[j + 1] as number) << 8) |
      ((bytes[j + 2] as number) << 16) |
      ((bytes[j + 3] as number) << 24);
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  const tail = blocks * 4;
  const rest = bytes.length & 3;
  if (rest > 0) {
    let k = 0;
    if (rest === 3) {
      k ^= (bytes[tail + 2] as number) << 16;
    }
    if (rest >= 2) {
      k ^= (bytes[tail + 1] as number) << 8;
    }
    k ^= bytes[tail] as number;
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
  }
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

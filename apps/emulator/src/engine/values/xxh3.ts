/**
 * XXH3-64 (seed 0, the default secret), as xxhash.h computes it: the hash behind DIGEST, DELEX and
 * SET IFDEQ/IFDNE (`stringDigest` in `string.ts`).
 */
const MASK_64 = (1n << 64n) - 1n;
const PRIME32_1 = 0x9e3779b1;
const PRIME32_2 = 0x85ebca77;
const PRIME32_3 = 0xc2b2ae3d;
const PRIME64_1 = 0x9e3779b185ebca87n;
const PRIME64_2 = 0xc2b2ae3d27d4eb4fn;
const PRIME64_3 = 0x165667b19e3779f9n;
const PRIME64_4 = 0x85ebca77c2b2ae63n;
const PRIME64_5 = 0x27d4eb2f165667c5n;
const PRIME_MX1 = 0x165667919e3779f9n;
const PRIME_MX2 = 0x9fb21c651e98df25n;
/** XXH3's default 192-byte secret (XXH3_kSecret in xxhash.h). */
const XXH3_SECRET = new DataView(
  Uint8Array.from(
    Buffer.from(
      "b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671f" +
        "cb79e64eccc0e578825ad07dccff7221b8084674f743248ee03590e6813a264c" +
        "3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8" +
        "a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364" +
        "eac5ac8334d3ebc3c581a0fffa1363eb170ddd51b7f0da49d316552629d4689e" +
        "2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e",
      "hex",
    ),
  ).buffer,
);
const XXH3_SECRET_SIZE = 192;
const XXH3_SECRET_SIZE_MIN = 136;
const XXH3_STRIPE_LEN = 64;
const XXH3_SECRET_CONSUME_RATE = 8;
const XXH3_STRIPES_PER_BLOCK = (XXH3_SECRET_SIZE - XXH3_STRIPE_LEN) / XXH3_SECRET_CONSUME_RATE;
const XXH3_BLOCK_LEN = XXH3_STRIPE_LEN * XXH3_STRIPES_PER_BLOCK;

export function xxh3(input: DataView): bigint {
  const length = input.byteLength;
  if (length <= 16) {
    return xxh3Short(input);
  }
  if (length <= 128) {
    let acc = (BigInt(length) * PRIME64_1) & MASK_64;
    // Mirrored pairs of 16-byte lanes from both ends, as many as the length covers.
    for (let round = Math.floor((length - 1) / 32); round >= 0; round--) {
      acc += mix16(input, 16 * round, 32 * round);
      acc += mix16(input, length - 16 * (round + 1), 32 * round + 16);
    }
    return avalancheXxh3(acc & MASK_64);
  }
  if (length <= 240) {
    let acc = (BigInt(length) * PRIME64_1) & MASK_64;
    for (let i = 0; i < 8; i++) {
      acc += mix16(input, 16 * i, 16 * i);
    }
    acc = avalancheXxh3(acc & MASK_64);
    let accEnd = mix16(input, length - 16, XXH3_SECRET_SIZE_MIN - 17);
    for (let i = 8; i < Math.floor(length / 16); i++) {
      accEnd += mix16(input, 16 * i, 16 * (i - 8) + 3);
    }
    return avalancheXxh3((acc + accEnd) & MASK_64);
  }
  return xxh3Long(input);
}

function xxh3Short(input: DataView): bigint {
  const length = input.byteLength;
  if (length > 8) {
    const low = input.getBigUint64(0, true) ^ (secret64(24) ^ secret64(32));
    const high = input.getBigUint64(length - 8, true) ^ (secret64(40) ^ secret64(48));
    const acc = BigInt(length) + swap64(low) + high + mul128Fold64(low, high);
    return avalancheXxh3(acc & MASK_64);
  }
  if (length >= 4) {
    const first = BigInt(input.getUint32(0, true));
    const last = BigInt(input.getUint32(length - 4, true));
    const keyed = (last + (first << 32n)) ^ (secret64(8) ^ secret64(16));
    return rrmxmx(keyed, length);
  }
  if (length > 0) {
    const combined =
      ((input.getUint8(0) << 16) |
        (input.getUint8(length >> 1) << 24) |
        input.getUint8(length - 1) |
        (length << 8)) >>>
      0;
    const bitflip = BigInt((XXH3_SECRET.getUint32(0, true) ^ XXH3_SECRET.getUint32(4, true)) >>> 0);
    return avalancheXxh64(BigInt(combined) ^ bitflip);
  }
  return avalancheXxh64(secret64(56) ^ secret64(64));
}

function secret64(offset: number): bigint {
  return XXH3_SECRET.getBigUint64(offset, true);
}

function mix16(input: DataView, offset: number, secretOffset: number): bigint {
  return mul128Fold64(
    input.getBigUint64(offset, true) ^ secret64(secretOffset),
    input.getBigUint64(offset + 8, true) ^ secret64(secretOffset + 8),
  );
}

function mul128Fold64(a: bigint, b: bigint): bigint {
  const product = a * b;
  return (product ^ (product >> 64n)) & MASK_64;
}

function swap64(value: bigint): bigint {
  let swapped = 0n;
  let rest = value;
  for (let i = 0; i < 8; i++) {
    swapped = (swapped << 8n) | (rest & 0xffn);
    rest >>= 8n;
  }
  return swapped;
}

function rotl64(value: bigint, bits: bigint): bigint {
  return ((value << bits) | (value >> (64n - bits))) & MASK_64;
}

function avalancheXxh64(hash: bigint): bigint {
  let h = hash ^ (hash >> 33n);
  h = (h * PRIME64_2) & MASK_64;
  h ^= h >> 29n;
  h = (h * PRIME64_3) & MASK_64;
  return h ^ (h >> 32n);
}

function avalancheXxh3(hash: bigint): bigint {
  let h = hash ^ (hash >> 37n);
  h = (h * PRIME_MX1) & MASK_64;
  return h ^ (h >> 32n);
}

function rrmxmx(hash: bigint, length: number): bigint {
  let h = hash ^ rotl64(hash, 49n) ^ rotl64(hash, 24n);
  h = (h * PRIME_MX2) & MASK_64;
  h ^= (h >> 35n) + BigInt(length);
  h = (h * PRIME_MX2) & MASK_64;
  return h ^ (h >> 28n);
}

/**
 * Inputs over 240 bytes: eight 64-bit accumulators fed 64-byte stripes. This is the O(N) part, so
 * the accumulators are kept as 32-bit halves in plain numbers rather than bigints.
 */
function xxh3Long(input: DataView): bigint {
  const length = input.byteLength;
  const accumulators = new Accumulators();
  const blocks = Math.floor((length - 1) / XXH3_BLOCK_LEN);
  for (let block = 0; block < blocks; block++) {
    for (let stripe = 0; stripe < XXH3_STRIPES_PER_BLOCK; stripe++) {
      accumulators.accumulate(
        input,
        block * XXH3_BLOCK_LEN + stripe * XXH3_STRIPE_LEN,
        stripe * XXH3_SECRET_CONSUME_RATE,
      );
    }
    accumulators.scramble(XXH3_SECRET_SIZE - XXH3_STRIPE_LEN);
  }
  const stripes = Math.floor((length - 1 - blocks * XXH3_BLOCK_LEN) / XXH3_STRIPE_LEN);
  for (let stripe = 0; stripe < stripes; stripe++) {
    accumulators.accumulate(
      input,
      blocks * XXH3_BLOCK_LEN + stripe * XXH3_STRIPE_LEN,
      stripe * XXH3_SECRET_CONSUME_RATE,
    );
  }
  // The last stripe always ends at the input's end, keyed by a secret offset of 192 - 64 - 7.
  accumulators.accumulate(input, length - XXH3_STRIPE_LEN, XXH3_SECRET_SIZE - XXH3_STRIPE_LEN - 7);
  let result = (BigInt(length) * PRIME64_1) & MASK_64;
  for (let pair = 0; pair < 4; pair++) {
    result += mul128Fold64(
      accumulators.get(2 * pair) ^ secret64(11 + 16 * pair),
      accumulators.get(2 * pair + 1) ^ secret64(11 + 16 * pair + 8),
    );
  }
  return avalancheXxh3(result & MASK_64);
}

/** XXH3's eight 64-bit lanes as high and low 32-bit words. */
class Accumulators {
  readonly high = new Uint32Array(8);
  readonly low = new Uint32Array(8);

  constructor() {
    const initial = [
      BigInt(PRIME32_3),
      PRIME64_1,
      PRIME64_2,
      PRIME64_3,
      PRIME64_4,
      BigInt(PRIME32_2),
      PRIME64_5,
      BigInt(PRIME32_1),
    ];
    for (const [lane, value] of initial.entries()) {
      this.high[lane] = Number(value >> 32n);
      this.low[lane] = Number(value & 0xffffffffn);
    }
  }

  get(lane: number): bigint {
    return (BigInt(this.high[lane] ?? 0) << 32n) | BigInt(this.low[lane] ?? 0);
  }

  /** XXH3_accumulate_512: acc[lane ^ 1] += data; acc[lane] += lo32(data ^ key) × hi32(data ^ key). */
  accumulate(input: DataView, offset: number, secretOffset: number): void {
    for (let lane = 0; lane < 8; lane++) {
      const dataLow = input.getUint32(offset + 8 * lane, true);
      const dataHigh = input.getUint32(offset + 8 * lane + 4, true);
      const keyLow = (dataLow ^ XXH3_SECRET.getUint32(secretOffset + 8 * lane, true)) >>> 0;
      const keyHigh = (dataHigh ^ XXH3_SECRET.getUint32(secretOffset + 8 * lane + 4, true)) >>> 0;
      this.#add(lane ^ 1, dataHigh, dataLow);
      const productLow = mul32Low(keyLow, keyHigh);
      this.#add(lane, mul32High(keyLow, keyHigh), productLow);
    }
  }

  /** XXH3_scrambleAcc: acc ^= acc >> 47; acc ^= key; acc *= PRIME32_1 (mod 2^64). */
  scramble(secretOffset: number): void {
    for (let lane = 0; lane < 8; lane++) {
      const high = this.high[lane] ?? 0;
      const low = ((this.low[lane] ?? 0) ^ (high >>> 15)) >>> 0;
      const keyedLow = (low ^ XXH3_SECRET.getUint32(secretOffset + 8 * lane, true)) >>> 0;
      const keyedHigh = (high ^ XXH3_SECRET.getUint32(secretOffset + 8 * lane + 4, true)) >>> 0;
      this.low[lane] = mul32Low(keyedLow, PRIME32_1);
      this.high[lane] = (mul32High(keyedLow, PRIME32_1) + Math.imul(keyedHigh, PRIME32_1)) >>> 0;
    }
  }

  #add(lane: number, high: number, low: number): void {
    const sumLow = (this.low[lane] ?? 0) + low;
    this.low[lane] = sumLow >>> 0;
    this.high[lane] = ((this.high[lane] ?? 0) + high + (sumLow > 0xffffffff ? 1 : 0)) >>> 0;
  }
}

/** The low 32 bits of the 64-bit product of two unsigned 32-bit numbers. */
function mul32Low(a: number, b: number): number {
  return Math.imul(a, b) >>> 0;
}

/** The high 32 bits of the 64-bit product of two unsigned 32-bit numbers. */
function mul32High(a: number, b: number): number {
  const aHigh = a >>> 16;
  const aLow = a & 0xffff;
  const bHigh = b >>> 16;
  const bLow = b & 0xffff;
  const middle = aHigh * bLow + aLow * bHigh;
  const low = aLow * bLow + (middle % 0x10000) * 0x10000;
  return (aHigh * bHigh + Math.floor(middle / 0x10000) + Math.floor(low / 0x100000000)) >>> 0;
}

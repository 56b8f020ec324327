/**
 * Redis's `redisLrand48`/`redisSrand48` (src/rand.c): the 48-bit linear congruential generator of
 * `lrand48` (x = 0x5DEECE66D·x + 0xB mod 2^48, 31 bits out), which `math.random` uses so every
 * platform gives the same sequence. Kept per engine, like Redis keeps it per process: scripts
 * continue one sequence, and SCRIPT FLUSH does not reset it.
 */
export class Rand48 {
  /** The state as three 16-bit limbs, low first (Redis's x[0..2]); the default seed 0x1234ABCD330E. */
  #x0 = 0x330e;
  #x1 = 0xabcd;
  #x2 = 0x1234;

  /** The next value in [0, 2^31). */
  next(): number {
    // a = 0x5_DEEC_E66D as limbs (0xE66D, 0xDEEC, 0x5); products stay below 2^53.
    const p0 = 0xe66d * this.#x0 + 0xb;
    const p1 = 0xe66d * this.#x1 + 0xdeec * this.#x0 + Math.floor(p0 / 0x10000);
    const p2 = 0xe66d * this.#x2 + 0xdeec * this.#x1 + 0x5 * this.#x0 + Math.floor(p1 / 0x10000);
    this.#x0 = p0 % 0x10000;
    this.#x1 = p1 % 0x10000;
    this.#x2 = p2 % 0x10000;
    return this.#x2 * 0x8000 + Math.floor(this.#x1 / 2);
  }

  /** `redisSrand48(seed)`: the seed is a C int (truncated to 32 bits). */
  seed(seed: number): void {
    const value = seed | 0;
    this.#x0 = 0x330e;
    this.#x1 = value & 0xffff;
    this.#x2 = (value >>> 16) & 0xffff;
  }
}

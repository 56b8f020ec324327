import { describe, test } from "vitest";
import { Rand48 } from "./rand48.ts";

describe("Rand48", () => {
  test("follows lrand48 from Redis's default seed", ({ expect }) => {
    const random = new Rand48();
    // math.random(100) on a fresh redis-server 7.0.
    const draw = (): number => Math.floor(((random.next() % 0x7fffffff) / 0x7fffffff) * 100) + 1;
    expect([draw(), draw()]).toEqual([40, 85]);
  });

  test("seed restarts the sequence, from a C int", ({ expect }) => {
    const random = new Rand48();
    random.seed(7);
    const first = random.next();
    expect(Math.floor((first / 2 ** 31) * 1000) + 1).toBe(267);
    random.seed(7 + 2 ** 32);
    expect(random.next()).toBe(first);
  });

  test("values are 31 bits", ({ expect }) => {
    const random = new Rand48();
    for (let i = 0; i < 1000; i++) {
      const value = random.next();
      expect(Number.isInteger(value) && value >= 0 && value < 2 ** 31).toBe(true);
    }
  });
});

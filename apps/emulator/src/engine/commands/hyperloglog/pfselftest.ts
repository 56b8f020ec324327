import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import {
  countHyperLogLog,
  denseRegister,
  HLL_REGISTERS,
  HLL_SPARSE,
  HyperLogLog,
  maxSparseBytes,
  patternOfWord,
  setDenseRegister,
  setPattern,
} from "../../values/hyperloglog.ts";
import { defineCommand, noArguments } from "../define.ts";

const REGISTER_TEST_CYCLES = 1000;
const ELEMENTS = 10_000_000;

/** Test 1: every register keeps the value written to it without disturbing its neighbours. */
function testRegisters(random: () => number): void {
  const hll = HyperLogLog.createDense();
  const expected = new Uint8Array(HLL_REGISTERS);
  for (let cycle = 0; cycle < REGISTER_TEST_CYCLES; cycle++) {
    for (let index = 0; index < HLL_REGISTERS; index++) {
      const value = Math.floor(random() * 64);
      expected[index] = value;
      setDenseRegister(hll, index, value);
    }
    for (let index = 0; index < HLL_REGISTERS; index++) {
      const value = denseRegister(hll, index);
      if (value !== expected[index]) {
        throw new ReplyError(
          ERR.PFSELFTEST_FAILED(
            `Register ${index} should be ${expected[index] ?? 0} but is ${value}`,
          ),
        );
      }
    }
  }
}

/**
 * Test 2: 10 million distinct elements into a dense and a sparse HLL; at 1, 10, 100, … the
 * sparse one must still be sparse while small, both must agree, and the error must stay within
 * six standard errors.
 */
function testEstimates(random: () => number, sparseLimit: number): void {
  const dense = HyperLogLog.createDense();
  const sparse = HyperLogLog.create();
  const relativeError = 1.04 / Math.sqrt(HLL_REGISTERS);
  const seedHi = Math.floor(random() * 2 ** 32) >>> 0;
  const seedLo = Math.floor(random() * 2 ** 32) >>> 0;
  let checkpoint = 1;
  for (let j = 1; j <= ELEMENTS; j++) {
    // The element is the 8-byte little-endian word j ^ seed.
    const pattern = patternOfWord(seedHi, (j ^ seedLo) >>> 0);
    setPattern(dense, pattern, sparseLimit);
    setPattern(sparse, pattern, sparseLimit);
    if (j !== checkpoint) {
      continue;
    }
    if (j < sparseLimit / 2 && sparse.encoding !== HLL_SPARSE) {
      throw new ReplyError(ERR.PFSELFTEST_FAILED("sparse encoding not used"));
    }
    const estimate = Number(countHyperLogLog(dense));
    if (estimate !== Number(countHyperLogLog(sparse))) {
      throw new ReplyError(ERR.PFSELFTEST_FAILED("dense/sparse disagree"));
    }
    const absoluteError = Math.abs(checkpoint - estimate);
    // Cardinality 10 sees collisions often enough that Redis allows an error of 1 there.
    const maxError = j === 10 ? 1 : Math.ceil(relativeError * 6 * checkpoint);
    if (absoluteError > maxError) {
      throw new ReplyError(
        ERR.PFSELFTEST_FAILED(`Too big error. card:${checkpoint} abserr:${absoluteError}`),
      );
    }
    checkpoint *= 10;
  }
}

/**
 * PFSELFTEST: Redis's self-test of the HyperLogLog implementation (register access, then the
 * estimation error up to 10 million elements); OK or a TESTFAILED error.
 * @see https://redis.io/commands/pfselftest
 */
export const pfselftest = defineCommand({
  name: "PFSELFTEST",
  group: "hyperloglog",
  arity: 1,
  flags: ["admin"],
  categories: ["hyperloglog"],
  since: "2.8.9",
  summary: "An internal command for testing HyperLogLog values.",
  complexity: "N/A",
  parse: noArguments,
  run: (ctx) => {
    const random = (): number => ctx.server.random();
    testRegisters(random);
    testEstimates(random, maxSparseBytes(ctx.server.config));
    return reply.ok();
  },
});

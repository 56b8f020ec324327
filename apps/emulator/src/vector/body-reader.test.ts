import { isDeepStrictEqual } from "node:util";
import { fc, test } from "@fast-check/vitest";
import { afterAll, describe, test as unitTest } from "vitest";
import { VectorBodyReader } from "./body-reader.ts";
import { parseVectorBody } from "./json-body.ts";

const encoder = new TextEncoder();

/** A body of `count` records of 16 float32 numbers, `value(row, column)` each, with metadata. */
function recordsBody(count: number, value: (row: number, column: number) => number): Uint8Array {
  return encoder.encode(
    JSON.stringify(
      Array.from({ length: count }, (_, row) => ({
        id: `${row}`,
        vector: Array.from({ length: 16 }, (_, column) => Math.fround(value(row, column))),
        metadata: { row },
      })),
    ),
  );
}

/** The worker from the TypeScript sources, as the benches run them (the test runner's loader is its own). */
const SOURCE_WORKER = [
  "--conditions=@stratus/source",
  "--import",
  new URL("../../test/support/register-ts.mjs", import.meta.url).href,
];

/** Every body goes through the worker, in chunks of a few records. */
const parallel = new VectorBodyReader({
  parallelBodyBytes: 1,
  workerExecArgv: SOURCE_WORKER,
  chunkBytes: 64,
  alwaysShare: true,
});
afterAll(() => parallel.close());

/** Upsert bodies whose record vectors are float32 texts, with `"vector"` in misleading places too. */
const body = fc
  .array(
    fc.record({
      id: fc.oneof(fc.string(), fc.constant('"vector":[1]')),
      vector: fc.oneof(
        fc.array(fc.float({ noNaN: true, noDefaultInfinity: true }), { maxLength: 40 }),
        fc.array(fc.jsonValue(), { maxLength: 3 }),
      ),
      metadata: fc.option(
        fc.dictionary(
          fc.constantFrom("vector", "a"),
          fc.oneof(fc.jsonValue(), fc.array(fc.double())),
        ),
        { nil: undefined },
      ),
    }),
    { maxLength: 12 },
  )
  .map((records) => JSON.stringify(records))
  .chain((text) =>
    fc.oneof(
      fc.constant(text),
      // Cut short, or a byte added: not JSON any more.
      fc.nat({ max: text.length }).map((end) => text.slice(0, end)),
      fc
        .tuple(fc.nat({ max: text.length }), fc.constantFrom("]", "{", '"', ",", "-", "1e999"))
        .map(([at, insert]) => `${text.slice(0, at)}${insert}${text.slice(at)}`),
    ),
  );

/** The value `read` resolves to, or "threw". */
async function outcome(read: () => unknown): Promise<unknown> {
  try {
    return await read();
  } catch {
    return "threw";
  }
}

describe("VectorBodyReader with its worker", () => {
  unitTest("the worker starts from the sources", async ({ expect }) => {
    expect(await parallel.start()).toBe(true);
    expect(parallel.isParallel).toBe(true);
  });

  test.prop([body], { numRuns: 200 })(
    "reads a body as the inline reader does, or throws as it does",
    async (text) => {
      const bytes = encoder.encode(text);
      const inline = await outcome(() => parseVectorBody(bytes));
      const read = await outcome(() => parallel.read(bytes));
      return parallel.isParallel && isDeepStrictEqual(read, inline);
    },
  );

  unitTest("the worker's chunks are taken, and equal the inline reading", async ({ expect }) => {
    await parallel.start();
    const bytes = recordsBody(400, (row, column) => row / (column + 1));
    const inline = parseVectorBody(bytes);
    // How much the worker reads depends on when the host runs it; over 50 bodies it reads some.
    for (let body = 0; body < 50; body++) {
      expect(parallel.read(bytes)).toStrictEqual(inline);
    }
    expect(parallel.workerChunks).toBeGreaterThan(0);
  });

  unitTest("keeps nothing of a body once it is read", async ({ expect }) => {
    await parallel.start();
    const bytes = recordsBody(200, (row, column) => row - column / 7);
    for (let body = 0; body < 20; body++) {
      parallel.read(bytes);
    }
    // The worker's last message, when it came after the reading, is taken on a later turn.
    await parallel.released();
    expect(parallel.isHoldingParts).toBe(false);
  });
});

describe("VectorBodyReader sharing as it measures", () => {
  unitTest("reads every body as the inline reader does, shared or not", async ({ expect }) => {
    const reader = new VectorBodyReader({
      parallelBodyBytes: 1,
      workerExecArgv: SOURCE_WORKER,
      chunkBytes: 256,
    });
    expect(await reader.start()).toBe(true);
    for (let body = 0; body < 40; body++) {
      const bytes = encoder.encode(
        JSON.stringify(
          Array.from({ length: 30 }, (_, row) => ({
            id: `${body}-${row}`,
            vector: Array.from({ length: 8 }, (_, column) =>
              Math.fround((body - row) / (column + 3)),
            ),
          })),
        ),
      );
      expect(reader.read(bytes)).toStrictEqual(parseVectorBody(bytes));
    }
    await reader.close();
  });
});

describe("VectorBodyReader without a worker", () => {
  unitTest("reads inline where the worker cannot start", async ({ expect }) => {
    // A module that throws as it loads (whether Node could load the TypeScript sources without
    // a loader depends on its version: Node 24 strips types itself).
    const reader = new VectorBodyReader({
      parallelBodyBytes: 1,
      workerModule: new URL("data:text/javascript,throw new Error('no worker here')"),
    });
    expect(await reader.start()).toBe(false);
    const bytes = encoder.encode('[{"id":"a","vector":[0.5,2]}]');
    expect(reader.read(bytes)).toStrictEqual(parseVectorBody(bytes));
    await reader.close();
  });

  unitTest("reads inline once closed, and small bodies always", async ({ expect }) => {
    const reader = new VectorBodyReader({
      parallelBodyBytes: 1 << 20,
      workerExecArgv: SOURCE_WORKER,
    });
    const bytes = encoder.encode('[{"id":"a","vector":[0.5,2]}]');
    expect(reader.read(bytes)).toStrictEqual(parseVectorBody(bytes));
    expect(reader.isParallel).toBe(false);
    await reader.close();
    expect(await reader.start()).toBe(false);
    expect(() => reader.read(encoder.encode("[1,"))).toThrow();
  });

  unitTest("never starts a worker when parallel reading is off", async ({ expect }) => {
    const reader = new VectorBodyReader({ parallelBodyBytes: false });
    expect(await reader.start()).toBe(false);
  });
});

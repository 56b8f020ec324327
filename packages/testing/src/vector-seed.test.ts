import { describe, test } from "vitest";
import { startEmulator } from "./start-emulator.ts";
import { seedVectors, VectorCallError, vectorDataset } from "./vector-seed.ts";

async function call(
  target: { url: string; token: string; fetch?: typeof fetch },
  path: string,
  body: unknown,
): Promise<{ status: number; body: { result?: unknown; error?: string } }> {
  const response = await (target.fetch ?? fetch)(`${target.url}/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${target.token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { result?: unknown } };
}

describe("vector datasets", () => {
  test("are deterministic and shaped for each index type", ({ expect }) => {
    expect(vectorDataset("DENSE", { count: 3, seed: 7 })).toEqual(
      vectorDataset("DENSE", { count: 3, seed: 7 }),
    );
    expect(vectorDataset("DENSE", { seed: 7 })).not.toEqual(vectorDataset("DENSE", { seed: 8 }));
    const [dense] = vectorDataset("DENSE", { dimension: 5 });
    expect(dense?.vector).toHaveLength(5);
    expect(dense?.sparseVector).toBeUndefined();
    const [sparse] = vectorDataset("SPARSE");
    expect(sparse?.vector).toBeUndefined();
    expect(sparse?.sparseVector?.indices).toHaveLength(4);
    const [hybrid] = vectorDataset("HYBRID");
    expect(hybrid).toMatchObject({ id: "vec-0", data: "record 0" });
    expect(hybrid?.vector).toHaveLength(8);
    expect(hybrid?.sparseVector?.values).toHaveLength(4);
  });

  test.for(["DENSE", "SPARSE", "HYBRID"] as const)(
    "seed a %s index created by the fixture",
    async (type, { expect }) => {
      await using emu = await startEmulator();
      const index = await emu.createVectorIndex({ name: `idx-${type.toLowerCase()}`, type });
      const records = vectorDataset(type, { count: 5 });
      await seedVectors(index, records, { namespace: "ns" });
      const info = await call(index, "info", []);
      expect(info.body.result).toMatchObject({
        indexType: type,
        namespaces: { ns: { vectorCount: 5 } },
      });
      const fetched = await call(index, "fetch/ns", {
        ids: ["vec-4", "nope"],
        includeMetadata: true,
        includeVectors: true,
      });
      expect(fetched.body.result).toEqual([
        {
          id: "vec-4",
          ...(type === "SPARSE" ? {} : { vector: records[4]?.vector }),
          ...(type === "DENSE" ? {} : { sparseVector: records[4]?.sparseVector }),
          metadata: { n: 4, parity: "even" },
        },
        null,
      ]);
    },
  );

  test("the default index is reported, and a wrong dimension throws", async ({ expect }) => {
    await using emu = await startEmulator();
    expect(emu.vector.url).toBe(`${emu.url}/vector/default`);
    const info = await call(emu.vector, "info", []);
    expect(info.body.result).toMatchObject({ indexType: "DENSE", dimension: 384 });
    const error = await seedVectors(emu.vector, vectorDataset("DENSE", { dimension: 2 })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(VectorCallError);
    expect(error).toMatchObject({ status: 422, message: expect.stringMatching(/dimension/) });
  });

  test("the read-only token reads but does not write", async ({ expect }) => {
    await using emu = await startEmulator();
    const index = await emu.createVectorIndex({ name: "ro", type: "DENSE", dimension: 4 });
    const readOnly = { ...index, token: index.readOnlyToken };
    expect((await call(readOnly, "info", [])).status).toBe(200);
    await expect(seedVectors(readOnly, vectorDataset("DENSE", { dimension: 4 }))).rejects.toThrow(
      VectorCallError,
    );
  });
});

import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConnectionDetailsSchema } from "@stratus/core/schemas";
import { test } from "vitest";
import { removeConnectionFile, writeConnectionFile } from "./connection-file.ts";

test("writes the details owner-only beside the data, and removes them on stop", async ({
  expect,
}) => {
  const dir = mkdtempSync(join(tmpdir(), "stratus-connection-"));
  try {
    const details = {
      url: "http://127.0.0.1:1",
      token: "t",
      readOnlyToken: "ro",
      respAddress: "127.0.0.1:2",
      respAuth: "token" as const,
      redisUrl: null,
      dataDir: dir,
      vectorUrl: "http://127.0.0.1:1/vector/default",
      vectorToken: "vt",
      vectorReadOnlyToken: "vro",
      searchUrl: "http://127.0.0.1:1/search/default",
      searchToken: "st",
      searchReadOnlyToken: "sro",
      queueUrl: "http://127.0.0.1:1/qstash",
      queueToken: "qt",
      queueCurrentSigningKey: "sig_current",
      queueNextSigningKey: "sig_next",
      managementUrl: "http://127.0.0.1:1/v2",
      email: "e@x",
      apiKey: "k",
    };
    const path = await writeConnectionFile(details);
    expect(path).toBe(join(dir, "connection.json"));
    expect(
      ConnectionDetailsSchema.parse(JSON.parse(readFileSync(join(dir, "connection.json"), "utf8"))),
    ).toEqual(details);
    expect(statSync(join(dir, "connection.json")).mode & 0o777).toBe(0o600);
    await removeConnectionFile(path);
    expect(() => statSync(join(dir, "connection.json"))).toThrow();
    expect(await writeConnectionFile({ ...details, dataDir: null })).toBeUndefined();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

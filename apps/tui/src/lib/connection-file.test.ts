import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "vitest";
import { readConnectionFile } from "./connection-file.ts";

const DETAILS = {
  url: "http://127.0.0.1:1",
  token: "t",
  readOnlyToken: "ro",
  respAddress: null,
  dataDir: "/d",
  vectorUrl: "http://127.0.0.1:1/vector/default",
  vectorToken: "vt",
  vectorReadOnlyToken: "vro",
  managementUrl: "http://127.0.0.1:1/v2",
  email: "e@x",
  apiKey: "k",
};

test("reads the details, says nothing for a missing file and names a broken one", ({ expect }) => {
  const dir = mkdtempSync(join(tmpdir(), "stratus-tui-connection-"));
  try {
    expect(readConnectionFile(dir)).toBeUndefined();
    writeFileSync(join(dir, "connection.json"), JSON.stringify(DETAILS));
    expect(readConnectionFile(dir)).toEqual(DETAILS);
    writeFileSync(join(dir, "connection.json"), "{");
    expect(readConnectionFile(dir)).toMatch(/connection\.json is not JSON/);
    writeFileSync(join(dir, "connection.json"), "{}");
    expect(readConnectionFile(dir)).toMatch(/not a stratus-emulator connection file/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fc, test } from "@fast-check/vitest";
import { describe, test as unitTest } from "vitest";
import { readTar, TarFormatError, writeTar } from "./tar.ts";

const segment = fc.stringMatching(/^[a-zA-Z0-9._-]{1,40}$/).filter((s) => s !== "." && s !== "..");
const entry = fc.record({
  path: fc.array(segment, { minLength: 1, maxLength: 6 }).map((parts) => parts.join("/")),
  bytes: fc.uint8Array({ maxLength: 2000 }),
});

describe("tar", () => {
  test.prop([fc.array(entry, { maxLength: 8 })])("round-trips files and their bytes", (entries) => {
    const read = readTar(writeTar(entries, 1_700_000_000));
    return (
      read.length === entries.length &&
      read.every(
        (file, i) =>
          file.path === entries[i]?.path &&
          Buffer.compare(Buffer.from(file.bytes), Buffer.from(entries[i]?.bytes ?? [])) === 0,
      )
    );
  });

  test.prop([fc.uint8Array({ maxLength: 3000 })])(
    "arbitrary bytes read or fail with TarFormatError, nothing else",
    (bytes) => {
      try {
        readTar(bytes);
      } catch (error: unknown) {
        return error instanceof TarFormatError;
      }
      return true;
    },
  );

  unitTest("refuses paths that would leave the directory, and other entry types", ({ expect }) => {
    const archive = Buffer.from(writeTar([{ path: "kv/x", bytes: new Uint8Array(1) }], 0));
    const withPath = (path: string, type = "0"): Buffer => {
      const copy = Buffer.from(archive);
      copy.fill(0, 0, 100).write(path, 0, "utf8");
      copy.write(type, 156, "latin1");
      copy.fill(" ", 148, 156);
      let sum = 0;
      for (let i = 0; i < 512; i++) {
        sum += copy[i] ?? 0;
      }
      copy.write(`${sum.toString(8).padStart(6, "0")}\0`, 148, "latin1");
      return copy;
    };
    expect(() => readTar(withPath("../etc/passwd"))).toThrow(/not a plain relative path/);
    expect(() => readTar(withPath("/etc/passwd"))).toThrow(/not a plain relative path/);
    expect(() => readTar(withPath("kv/link", "2"))).toThrow(/not a regular file/);
    const corrupt = Buffer.from(archive);
    corrupt[10] = 0x41;
    expect(() => readTar(corrupt)).toThrow(/offset 0: header checksum mismatch/);
    expect(() => readTar(archive.subarray(0, 512))).toThrow(/"kv\/x" runs past the end/);
    expect(() => readTar(archive.subarray(0, 1024))).toThrow(/end-of-archive/);
  });

  unitTest("GNU tar lists what writeTar writes, long paths included", ({ expect }) => {
    const dir = mkdtempSync(join(tmpdir(), "stratus-tar-"));
    try {
      const long = `${"a".repeat(90)}/${"b".repeat(60)}/engine.1.snapshot`;
      writeFileSync(
        join(dir, "x.tar"),
        writeTar(
          [
            { path: "kv/engine.1.snapshot", bytes: Buffer.from("hello") },
            { path: long, bytes: new Uint8Array(0) },
          ],
          0,
        ),
      );
      const listed = execFileSync("tar", ["-tf", join(dir, "x.tar")], { encoding: "utf8" });
      expect(listed.trim().split("\n")).toEqual(["kv/engine.1.snapshot", long]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * The POSIX ustar format (IEEE 1003.1-1988), just what an emulator snapshot needs: regular files
 * with relative paths. `tar -tf`/`tar -xf` read what {@link writeTar} writes, so a snapshot file
 * is also an ordinary archive of a data directory.
 */

const BLOCK = 512;
const NAME_BYTES = 100;
const PREFIX_BYTES = 155;

/** One file of an archive: a relative `/`-separated path and its bytes. */
export interface TarEntry {
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** An archive that cannot be read: where and why. */
export class TarFormatError extends Error {
  override readonly name = "TarFormatError";

  constructor(offset: number, reason: string) {
    super(`tar archive, offset ${offset}: ${reason}`);
  }
}

function writeText(
  header: Buffer,
  { at, size, text }: { at: number; size: number; text: string },
): void {
  if (Buffer.byteLength(text) > size) {
    throw new RangeError(`tar: "${text}" does not fit ${size} bytes`);
  }
  header.write(text, at, size, "utf8");
}

function writeOctal(
  header: Buffer,
  { at, size, value }: { at: number; size: number; value: number },
): void {
  writeText(header, { at, size, text: `${value.toString(8).padStart(size - 1, "0")}\0` });
}

/** Splits a long path into ustar's prefix and name at a `/`. */
function splitPath(path: string): { prefix: string; name: string } {
  if (Buffer.byteLength(path) <= NAME_BYTES) {
    return { prefix: "", name: path };
  }
  for (let slash = path.lastIndexOf("/"); slash > 0; slash = path.lastIndexOf("/", slash - 1)) {
    const prefix = path.slice(0, slash);
    const name = path.slice(slash + 1);
    if (Buffer.byteLength(prefix) <= PREFIX_BYTES && Buffer.byteLength(name) <= NAME_BYTES) {
      return { prefix, name };
    }
  }
  throw new RangeError(`tar: the path "${path}" is too long for ustar`);
}

function header(entry: TarEntry, mtimeS: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, name } = splitPath(entry.path);
  writeText(block, { at: 0, size: NAME_BYTES, text: name });
  writeOctal(block, { at: 100, size: 8, value: 0o600 });
  writeOctal(block, { at: 108, size: 8, value: 0 });
  writeOctal(block, { at: 116, size: 8, value: 0 });
  writeOctal(block, { at: 124, size: 12, value: entry.bytes.length });
  writeOctal(block, { at: 136, size: 12, value: mtimeS });
  block.fill(" ", 148, 156); // the checksum counts its own field as spaces
  block.write("0", 156, "latin1"); // a regular file
  block.write("ustar\u000000", 257, "latin1");
  writeText(block, { at: 345, size: PREFIX_BYTES, text: prefix });
  writeOctal(block, { at: 148, size: 7, value: checksum(block) });
  return block;
}

function checksum(block: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) {
    sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  }
  return sum;
}

/** An archive of `entries`, stamped with `mtimeS` (Unix seconds). */
export function writeTar(entries: readonly TarEntry[], mtimeS: number): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    parts.push(header(entry, mtimeS), entry.bytes);
    const padding = (BLOCK - (entry.bytes.length % BLOCK)) % BLOCK;
    parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

function readText(block: Buffer, at: number, size: number): string {
  const field = block.subarray(at, at + size);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? size : end).toString("utf8");
}

function readOctal(
  block: Buffer,
  { at, size, offset }: { at: number; size: number; offset: number },
): number {
  const text = readText(block, at, size).trim();
  if (!/^[0-7]+$/.test(text)) {
    throw new TarFormatError(offset + at, `"${text}" is not an octal number`);
  }
  return Number.parseInt(text, 8);
}

/**
 * The regular files of an archive, checked: every header's checksum, sizes within the archive,
 * and relative paths without `..` (an archive never writes outside where it is extracted).
 * Directories are skipped; any other entry type is refused.
 */
export function readTar(archive: Uint8Array): TarEntry[] {
  const bytes = Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= bytes.length) {
    const block = bytes.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) {
      return entries;
    }
    if (readOctal(block, { at: 148, size: 8, offset }) !== checksum(block)) {
      throw new TarFormatError(offset, "header checksum mismatch");
    }
    const size = readOctal(block, { at: 124, size: 12, offset });
    const prefix = readText(block, 345, PREFIX_BYTES);
    const name = readText(block, 0, NAME_BYTES);
    const path = prefix === "" ? name : `${prefix}/${name}`;
    const type = String.fromCharCode(block[156] ?? 0);
    const start = offset + BLOCK;
    if (start + size > bytes.length) {
      throw new TarFormatError(offset, `"${path}" runs past the end of the archive`);
    }
    if (type === "0" || type === "\0") {
      if (path.startsWith("/") || path.split("/").some((part) => part === ".." || part === "")) {
        throw new TarFormatError(offset, `"${path}" is not a plain relative path`);
      }
      entries.push({ path, bytes: bytes.subarray(start, start + size) });
    } else if (type !== "5") {
      throw new TarFormatError(
        offset,
        `"${path}" is not a regular file (type ${JSON.stringify(type)})`,
      );
    }
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new TarFormatError(offset, "the archive ends without its end-of-archive blocks");
}

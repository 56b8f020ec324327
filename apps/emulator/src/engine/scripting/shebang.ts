/**
 * The first line of scripts and libraries: `#!lua flags=no-writes,allow-oom` for EVAL
 * (`evalExtractShebangFlags`, src/eval.c) and `#!lua name=mylib` for FUNCTION LOAD
 * (`functionExtractLibMetaData`, src/functions.c), both split with `sdssplitargs` rules.
 */
import { asciiLower } from "../bytes.ts";
import { ERR } from "../errors.ts";

/**
 * Script and function flags (`scripts_flags_def` order, which FUNCTION LIST follows), then the
 * service's own: `allow-key-locking` (docs/differences.md) makes a script lock only its KEYS on the
 * service; Redis does not know it. The emulator runs every script alone, so it only accepts it.
 */
export const SCRIPT_FLAGS = [
  ["no-writes", 1],
  ["allow-oom", 2],
  ["allow-stale", 4],
  ["no-cluster", 8],
  ["allow-cross-slot-keys", 16],
  ["allow-key-locking", 32],
] as const;

export const NO_WRITES = 1;

/** The flags of an EVAL script; `isCompat` for scripts without a shebang (no flags declared). */
export interface ScriptFlags {
  readonly bits: number;
  readonly isCompat: boolean;
}

export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string };

const SPACE = /[ \n\r\t\v\f]/;

function readHex(text: string, at: number): number | undefined {
  const pair = text.slice(at, at + 2);
  return /^[0-9a-fA-F]{2}$/.test(pair) ? Number.parseInt(pair, 16) : undefined;
}

const ESCAPES: Readonly<Record<string, string>> = { n: "\n", r: "\r", t: "\t", b: "\b", a: "\x07" };

/**
 * `sdssplitargs`: words separated by spaces, with "double quoted" (escapes \n \r \t \b \a \xHH)
 * and 'single quoted' words; undefined for unbalanced quotes or a quote followed by a non-space.
 */
export function splitArgs(line: string): string[] | undefined {
  const words: string[] = [];
  let i = 0;
  for (;;) {
    while (i < line.length && SPACE.test(line.charAt(i))) {
      i++;
    }
    if (i >= line.length) {
      return words;
    }
    let word = "";
    let quote: '"' | "'" | undefined;
    for (;;) {
      if (quote === '"') {
        if (i >= line.length) {
          return undefined;
        }
        const c = line.charAt(i);
        const hex = c === "\\" && line.charAt(i + 1) === "x" ? readHex(line, i + 2) : undefined;
        if (hex !== undefined) {
          word += String.fromCharCode(hex);
          i += 4;
          continue;
        }
        if (c === "\\" && i + 1 < line.length) {
          const next = line.charAt(i + 1);
          word += ESCAPES[next] ?? next;
          i += 2;
          continue;
        }
        if (c === '"') {
          // A closing quote must be followed by a space or the end.
          if (i + 1 < line.length && !SPACE.test(line.charAt(i + 1))) {
            return undefined;
          }
          i++;
          break;
        }
        word += c;
        i++;
      } else if (quote === "'") {
        if (i >= line.length) {
          return undefined;
        }
        const c = line.charAt(i);
        if (c === "\\" && line.charAt(i + 1) === "'") {
          word += "'";
          i += 2;
          continue;
        }
        if (c === "'") {
          if (i + 1 < line.length && !SPACE.test(line.charAt(i + 1))) {
            return undefined;
          }
          i++;
          break;
        }
        word += c;
        i++;
      } else {
        if (i >= line.length) {
          break;
        }
        const c = line.charAt(i);
        if (SPACE.test(c) || c === "\0") {
          break;
        }
        if (c === '"' || c === "'") {
          quote = c;
        } else {
          word += c;
        }
        i++;
      }
    }
    words.push(word);
  }
}

/** `sdssplitlen(…, ",")`: an empty text has no parts; "a," has two. */
function splitCommas(text: string): string[] {
  return text === "" ? [] : text.split(",");
}

/** An EVAL script's shebang: its flags and where the code starts (the newline is kept). */
export function parseScriptShebang(
  body: string,
): Parsed<{ flags: ScriptFlags; codeStart: number }> {
  if (!body.startsWith("#!")) {
    return { ok: true, value: { flags: { bits: 0, isCompat: true }, codeStart: 0 } };
  }
  const end = body.indexOf("\n");
  if (end === -1) {
    return { ok: false, error: ERR.SCRIPT_SHEBANG_INVALID };
  }
  const parts = splitArgs(body.slice(0, end));
  if (parts === undefined || parts.length === 0) {
    return { ok: false, error: ERR.SCRIPT_ENGINE_INVALID };
  }
  if (parts[0] !== "#!lua") {
    return { ok: false, error: ERR.SCRIPT_ENGINE_UNEXPECTED(parts[0] ?? "") };
  }
  let bits = 0;
  for (const part of parts.slice(1)) {
    if (!part.startsWith("flags=")) {
      return { ok: false, error: ERR.SCRIPT_SHEBANG_OPTION(part) };
    }
    for (const flag of splitCommas(part.slice(6))) {
      const known = SCRIPT_FLAGS.find(([name]) => name === flag);
      if (known === undefined) {
        return { ok: false, error: ERR.SCRIPT_SHEBANG_FLAG(flag) };
      }
      bits |= known[1];
    }
  }
  return { ok: true, value: { flags: { bits, isCompat: false }, codeStart: end } };
}

/** A library's metadata line: its engine, name, and the code after the line (newline kept). */
export function parseLibraryMetadata(
  payload: string,
): Parsed<{ engine: string; name: string; code: string }> {
  if (!payload.startsWith("#!")) {
    return { ok: false, error: ERR.LIBRARY_METADATA_MISSING };
  }
  const end = payload.indexOf("\n");
  if (end === -1) {
    return { ok: false, error: ERR.LIBRARY_METADATA_INVALID };
  }
  const parts = splitArgs(payload.slice(0, end));
  if (parts === undefined || parts.length === 0) {
    return { ok: false, error: ERR.LIBRARY_METADATA_INVALID };
  }
  let name: string | undefined;
  for (const part of parts.slice(1)) {
    if (asciiLower(part.slice(0, 5)) === "name=") {
      if (name !== undefined) {
        return { ok: false, error: ERR.LIBRARY_NAME_REPEATED };
      }
      name = part.slice(5);
      continue;
    }
    return { ok: false, error: ERR.LIBRARY_METADATA_VALUE(part) };
  }
  if (name === undefined) {
    return { ok: false, error: ERR.LIBRARY_NAME_MISSING };
  }
  return {
    ok: true,
    value: { engine: (parts[0] ?? "").slice(2), name, code: payload.slice(end) },
  };
}

/** `functionsVerifyName`: letters, digits and underscores, at least one. */
export function isValidLibraryName(name: string): boolean {
  return /^[A-Za-z0-9_]+$/.test(name);
}

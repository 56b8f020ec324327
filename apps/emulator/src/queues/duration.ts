/**
 * Durations of `Upstash-Delay`, `Upstash-Timeout` and flow-control periods (§3): `50s`, `3m`,
 * `10h`, `1d`, compound Go-style `1h30m`, `500ms`, and a bare integer meaning seconds.
 */
import { badRequest } from "./errors.ts";

const UNIT_MS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** Milliseconds of `text`; 400 naming `header` when it is not a duration. */
export function parseDuration(text: string, header: string): number {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    return Number(trimmed) * 1000;
  }
  const part = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/gy;
  let total = 0;
  let consumed = 0;
  for (const match of trimmed.matchAll(part)) {
    total += Number(match[1]) * (UNIT_MS[match[2] ?? ""] ?? 0);
    consumed += match[0].length;
  }
  if (trimmed === "" || consumed !== trimmed.length) {
    badRequest(
      `invalid ${header} header: ${JSON.stringify(text)} is not a duration like 50s, 3m, 1h or 1d`,
    );
  }
  return Math.round(total);
}

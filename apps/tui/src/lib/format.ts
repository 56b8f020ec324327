/**
 * Number formatting for narrow columns: counters, bytes, money and milliseconds in at most ~8
 * characters, so a stats screen fits 80 columns.
 */

const UNITS = ["B", "KB", "MB", "GB", "TB", "PB"] as const;

/** `1536` → `1.5 KB` (binary multiples, as storage sizes are usually shown). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) {
    return "–";
  }
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const sign = bytes < 0 ? "-" : "";
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${sign}${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** `1234567` → `1.2M`; small numbers keep up to two decimals. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) {
    return "–";
  }
  const magnitude = Math.abs(value);
  if (magnitude >= 1e9) {
    return `${trim(value / 1e9)}G`;
  }
  if (magnitude >= 1e6) {
    return `${trim(value / 1e6)}M`;
  }
  if (magnitude >= 1e4) {
    return `${trim(value / 1e3)}k`;
  }
  return Number.isInteger(value) ? String(value) : trim(value);
}

function trim(value: number): string {
  return String(Number(value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2)));
}

/** Dollars with cents: `0.4` → `$0.40`. */
export function formatMoney(dollars: number): string {
  return Number.isFinite(dollars) ? `$${dollars.toFixed(2)}` : "–";
}

/** Milliseconds: `0.42` → `0.42 ms`, `1500` → `1.5 s`. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) {
    return "–";
  }
  return ms >= 1000 ? `${trim(ms / 1000)} s` : `${trim(ms)} ms`;
}

/** Cuts `text` to `width` columns with an ellipsis. */
export function truncate(text: string, width: number): string {
  if (width <= 0) {
    return "";
  }
  return text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text;
}

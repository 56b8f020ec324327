/** A stream entry as XRANGE and XREVRANGE return it: `[id, [field, value, …]]`. */
import { asArrayOf, asRaw, asText, asTextRecord, type Decoder } from "../../decode.ts";

/** One stream entry. */
export interface StreamEntry {
  readonly id: string;
  readonly fields: Record<string, string>;
}

/** Decodes an array of `[id, [field, value, …]]` entries. */
export const asStreamEntries: Decoder<StreamEntry[]> = asArrayOf((value) => {
  const [id, fields] = asArrayOf(asRaw)(value);
  // XREADGROUP shows an entry deleted after delivery as `[id, null]`.
  return { id: asText(id ?? null), fields: fields == null ? {} : asTextRecord(fields) };
});

/** An id range of XRANGE and XREVRANGE. */
export interface StreamRange {
  /** The lowest id. @default "-" */
  readonly start?: string;
  /** The highest id. @default "+" */
  readonly end?: string;
  /** At most this many entries (`COUNT`). */
  readonly count?: number;
}

/** The entries XREAD and XREADGROUP return for one stream. */
export interface StreamRead {
  readonly key: string;
  readonly entries: StreamEntry[];
}

/** Decodes `[[key, [[id, [field, value, …]], …]], …]`, or null when nothing was read. */
export const asStreamReads: Decoder<StreamRead[] | null> = (value) =>
  value === null
    ? null
    : asArrayOf((item) => {
        const [key, entries] = asArrayOf(asRaw)(item);
        return { key: asText(key ?? null), entries: asStreamEntries(entries ?? null) };
      })(value);

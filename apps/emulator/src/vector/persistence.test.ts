import { fc, test } from "@fast-check/vitest";
import { describe } from "vitest";
import type { JournalEntry } from "./journal.ts";
import { decodeJournalEntry, encodeJournalEntry, encodePutEntryPlainly } from "./persistence.ts";

const decoder = new TextDecoder();

const float32s = (options: { maxLength: number }) =>
  fc.array(fc.float(), options).map((values) => Float32Array.from(values));

const putEntry: fc.Arbitrary<Extract<JournalEntry, { op: "put" }>> = fc.record({
  op: fc.constant("put" as const),
  index: fc.string(),
  namespace: fc.string(),
  records: fc.array(
    fc.record(
      {
        id: fc.string(),
        vector: float32s({ maxLength: 8 }),
        sparseVector: fc
          .array(fc.tuple(fc.integer(), fc.float()), { maxLength: 4 })
          .map((pairs) => ({
            indices: Int32Array.from(pairs, (pair) => pair[0]),
            values: Float32Array.from(pairs, (pair) => pair[1]),
          })),
        metadata: fc.dictionary(fc.string(), fc.jsonValue()),
        data: fc.string(),
      },
      { requiredKeys: ["id"] },
    ),
    { maxLength: 5 },
  ),
});

describe("journal entries", () => {
  test.prop([putEntry])("a put entry is the JSON value JSON.stringify would write", (entry) => {
    const fast = JSON.parse(decoder.decode(encodeJournalEntry(entry))) as unknown;
    const plain = JSON.parse(decoder.decode(encodePutEntryPlainly(entry))) as unknown;
    return JSON.stringify(fast) === JSON.stringify(plain);
  });

  test.prop([putEntry])("a put entry decodes to its records", (entry) => {
    const decoded = decodeJournalEntry(encodeJournalEntry(entry));
    return (
      decoded.op === "put" &&
      decoded.records.length === entry.records.length &&
      decoded.records.every((record, index) => {
        const original = entry.records[index];
        return (
          record.id === original?.id &&
          JSON.stringify(Array.from(record.vector ?? [])) ===
            JSON.stringify(Array.from(original.vector ?? []))
        );
      })
    );
  });
});

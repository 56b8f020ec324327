import { describe, test } from "vitest";
import { Resp2 } from "../resp2/constructors.ts";
import type { Resp2Value } from "../resp2/value.ts";
import { resp3Reshaper } from "./reshape.ts";

/** A model whose RESP3 side is plain data, so each expectation reads as the shape it describes. */
type Shaped = string | number | null | Shaped[] | { map: [Shaped, Shaped][] } | { set: Shaped[] };

const reshape = resp3Reshaper<Resp2Value, Shaped>({
  items: (value) => (value.kind === "array" ? value.items : undefined),
  bulkText: (value) =>
    value.kind === "bulk" ? Buffer.from(value.value).toString("latin1") : undefined,
  plain: function plain(value): Shaped {
    switch (value.kind) {
      case "bulk":
        return Buffer.from(value.value).toString("latin1");
      case "integer":
        return Number(value.value);
      case "array":
        return value.items.map(plain);
      case "simple":
        return value.value;
      case "error":
        return `error: ${value.message}`;
      default:
        return null;
    }
  },
  array: (items) => items,
  set: (items) => ({ set: items }),
  map: (entries) => ({ map: entries }),
  double: (value, text) => (text === undefined ? value : `double ${text}`),
});

const bulks = (...values: string[]): Resp2Value => Resp2.array(values.map((v) => Resp2.bulk(v)));

describe("resp3Reshaper", () => {
  test("maps, sets and doubles by the command's shape", ({ expect }) => {
    expect(reshape(bulks("f", "v", "g", "w"), { shape: "map", argv: ["HGETALL", "h"] })).toEqual({
      map: [
        ["f", "v"],
        ["g", "w"],
      ],
    });
    expect(reshape(bulks("a", "b"), { shape: "set", argv: ["SMEMBERS", "s"] })).toEqual({
      set: ["a", "b"],
    });
    expect(reshape(Resp2.bulk("+inf"), { shape: "double", argv: ["ZSCORE", "z", "m"] })).toBe(
      "double inf",
    );
    expect(reshape(Resp2.null, { shape: "double", argv: ["ZSCORE", "z", "m"] })).toBeNull();
  });

  test("options in any case decide the pairs; without them the reply stays as it is", ({
    expect,
  }) => {
    const reply = bulks("a", "1", "b", "2.5");
    expect(
      reshape(reply, { shape: "scored", argv: ["ZRANGE", "z", "0", "-1", "withScores"] }),
    ).toEqual([
      ["a", "double 1"],
      ["b", "double 2.5"],
    ]);
    expect(reshape(reply, { shape: "scored", argv: ["ZRANGE", "z", "0", "-1"] })).toEqual([
      "a",
      "1",
      "b",
      "2.5",
    ]);
    // A key is not an option, even when it spells one.
    expect(reshape(reply, { shape: "scored", argv: ["ZRANGE", "withscores", "0", "-1"] })).toEqual([
      "a",
      "1",
      "b",
      "2.5",
    ]);
    expect(
      reshape(reply, { shape: "valued", argv: ["HRANDFIELD", "WITHVALUES", "2", "withvalues"] }),
    ).toEqual([
      ["a", "1"],
      ["b", "2.5"],
    ]);
  });

  test("coordinates are doubles in their shortest form; errors stay errors", ({ expect }) => {
    expect(
      reshape(Resp2.array([bulks("13.361389338970184", "38.115556395496299"), Resp2.nullArray]), {
        shape: "positions",
        argv: ["GEOPOS", "g", "p", "q"],
      }),
    ).toEqual([[13.361389338970184, 38.1155563954963], null]);
    expect(reshape(Resp2.error("WRONGTYPE x"), { shape: "map", argv: ["HGETALL", "k"] })).toBe(
      "error: WRONGTYPE x",
    );
  });
});

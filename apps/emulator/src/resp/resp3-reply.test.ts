import type { Resp2Value } from "@stratus/core/resp2";
import { describe, test } from "vitest";
import { lookupCommand } from "../kv/command-info.ts";
import { toResp3 } from "./resp3-reply.ts";

const bulk = (text: string): Resp2Value => ({ kind: "bulk", value: Buffer.from(text, "latin1") });
const integer = (value: number): Resp2Value => ({ kind: "integer", value: BigInt(value) });

describe("ZRANK and ZREVRANK WITHSCORE under RESP3", () => {
  test("the score is a double, the rank an integer; without WITHSCORE the rank stays", ({
    expect,
  }) => {
    for (const name of ["ZRANK", "ZREVRANK"]) {
      const argv = [name, "z", "m", "WITHSCORE"];
      const shaped = toResp3(
        { kind: "array", items: [integer(0), bulk("1.5")] },
        { command: lookupCommand(argv), argv },
      );
      expect(shaped).toEqual({
        kind: "array",
        items: [integer(0), { kind: "double", value: 1.5, text: "1.5" }],
      });
      const plain = [name, "z", "m"];
      expect(toResp3(integer(3), { command: lookupCommand(plain), argv: plain })).toEqual(
        integer(3),
      );
    }
  });
});

describe("MEMORY STATS under RESP3", () => {
  test("is a map whose db.N entries are maps and whose ratios are doubles", ({ expect }) => {
    const memory = lookupCommand(["MEMORY", "STATS"]);
    const value: Resp2Value = {
      kind: "array",
      items: [
        bulk("peak.allocated"),
        integer(10),
        bulk("db.0"),
        { kind: "array", items: [bulk("overhead.hashtable.main"), integer(264)] },
        bulk("dataset.percentage"),
        bulk("75.5"),
      ],
    };
    const shaped = toResp3(value, { command: memory, argv: ["MEMORY", "STATS"] });
    expect(shaped).toEqual({
      kind: "map",
      entries: [
        [bulk("peak.allocated"), integer(10)],
        [bulk("db.0"), { kind: "map", entries: [[bulk("overhead.hashtable.main"), integer(264)]] }],
        [bulk("dataset.percentage"), { kind: "double", value: 75.5, text: "75.5" }],
      ],
    });
  });
});

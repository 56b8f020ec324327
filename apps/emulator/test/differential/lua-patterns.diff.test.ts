/**
 * Lua 5.1's string.find, match, gmatch, gsub and rep (engine/scripting/string-library.ts) against
 * redis-server 7.0's, on generated subjects and patterns: results, empty-match rules and error
 * texts. Patterns stay small (at most three repetitions), since Redis's matcher has no time limit,
 * and shallow (the engine refuses nesting past 200, a documented difference).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, test } from "vitest";
import {
  canRunDifferential,
  firstDifference,
  runBoth,
  type Step,
  startTargets,
  type Targets,
} from "./harness.ts";

/** Every function on ARGV: subject, pattern, replacement, init; each result as text. */
const SCRIPT = `
local s, p, r, init = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
local function show(ok, ...)
  local parts = { tostring(ok) }
  for i = 1, select('#', ...) do
    local v = select(i, ...)
    parts[#parts + 1] = type(v) .. ':' .. tostring(v)
  end
  return table.concat(parts, ',')
end
local function all()
  local out = {}
  for a, b in string.gmatch(s, p) do
    out[#out + 1] = tostring(a) .. '|' .. tostring(b)
    if #out > 100 then break end
  end
  return table.concat(out, ';')
end
return {
  show(pcall(string.find, s, p, init)),
  show(pcall(string.match, s, p, init)),
  show(pcall(string.find, s, p, init, true)),
  show(pcall(string.gsub, s, p, r)),
  show(pcall(string.gsub, s, p, function(...) return table.concat({ ... }, '+') end)),
  show(pcall(string.gsub, s, p, { a = 'A', b = false, [' '] = 1 })),
  show(pcall(all)),
  show(pcall(string.rep, s, init)),
}`;

const atom = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("a", "b", ".", "%a", "%w", "[ab]", "[^a]") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      ..."c 1 %d %s %p %g %z %l %u %x %c %A %S %W %. %% %( [a-c1] [%d.] []] [^%s] [a-] ^".split(
        " ",
      ),
      " ",
      "$",
    ),
  },
);
const item = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(atom, fc.constantFrom("", "", "", "*", "+", "-", "?"))
      .map(([a, q]) => a + q),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("%b()", "%f[%w]", "%f[%s]", "()", "%1", "%", "[", "(", ")"),
  },
);
const piece = fc.oneof(
  { weight: 4, arbitrary: item },
  {
    weight: 1,
    arbitrary: fc.array(item, { minLength: 1, maxLength: 3 }).map((items) => `(${items.join("")})`),
  },
);
const pattern = fc
  .tuple(fc.boolean(), fc.array(piece, { maxLength: 4 }), fc.boolean())
  .map(([anchored, pieces, atEnd]) => `${anchored ? "^" : ""}${pieces.join("")}${atEnd ? "$" : ""}`)
  .filter((p) => (p.match(/[*+?-]/g) ?? []).length <= 3);
const subject = fc.string({ unit: fc.constantFrom(..."aaabbc 1().%\n\u0000"), maxLength: 16 });
const replacement = fc.constantFrom("", "x", "<%0>", "%1", "%%", "%x", "%", "[%1|%2]", "%\u0000");
const init = fc.oneof(fc.constant(1), fc.integer({ min: -20, max: 20 }));

describe.skipIf(!canRunDifferential)("Lua patterns against redis-server", () => {
  let targets: Targets;
  beforeAll(async () => {
    targets = await startTargets();
  });
  afterAll(async () => {
    await targets.close();
  });

  test("generated subjects and patterns give the same results", async ({ expect }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(subject, pattern, replacement, init), { minLength: 1, maxLength: 10 }),
        async (cases) => {
          const steps: Step[] = cases.map(([s, p, r, i]) => ["EVAL", SCRIPT, "0", s, p, r, `${i}`]);
          expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
        },
      ),
      { numRuns: 60 },
    );
  });
});

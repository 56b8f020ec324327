import { describe, test } from "vitest";
import { r } from "../test-support.ts";
import { CHUNK_NAME, LuaVm, type RunOutcome, SCRIPT_MEMORY_LIMIT_BYTES } from "./vm.ts";

const MIB = 1024 * 1024;

/** Compiles and runs `source` as an EVAL script without a time limit. */
function runScript(vm: LuaVm, source: string): RunOutcome {
  const compiled = vm.compile(source, CHUNK_NAME.eval);
  if (!compiled.ok) {
    throw new Error(compiled.message);
  }
  try {
    return vm.run({ ref: compiled.ref, keys: [], args: [], limitMs: 0 });
  } finally {
    vm.release(compiled.ref);
  }
}

/** The raw error of a failed run (a string error is what Lua raises for "not enough memory"). */
function errorOf(outcome: RunOutcome): unknown {
  if (outcome.kind === "suspended") {
    return outcome;
  }
  return outcome.kind === "done" ? outcome.reply : outcome.error;
}

const OUT_OF_MEMORY = {
  message: "not enough memory",
  source: undefined,
  line: undefined,
  isTable: false,
};

describe("the memory limit of a Lua state", () => {
  test("a script past the limit fails with 'not enough memory', at once for one huge string", ({
    expect,
  }) => {
    const vm = new LuaVm("eval", { memoryLimitBytes: 16 * MIB });
    try {
      // The probe: 17 s and 1 GB before. The one allocation is refused before it happens.
      expect(errorOf(runScript(vm, "return #string.rep('x', 1e9)"))).toEqual(OUT_OF_MEMORY);
      expect(errorOf(runScript(vm, "local s = 'x' for i = 1, 40 do s = s .. s end"))).toEqual(
        OUT_OF_MEMORY,
      );
      expect(
        errorOf(runScript(vm, "local t = {} for i = 1, 1e7 do t[i] = {} end return #t")),
      ).toEqual(OUT_OF_MEMORY);
      expect(
        errorOf(
          runScript(
            vm,
            "local t = {} for i = 1, 1e6 do t[i] = 'k' .. i end return table.concat(t, string.rep(',', 100))",
          ),
        ),
      ).toEqual(OUT_OF_MEMORY);
    } finally {
      vm.close();
    }
  });

  test("the state gives the memory back and keeps working", ({ expect }) => {
    const vm = new LuaVm("eval", { memoryLimitBytes: 16 * MIB });
    try {
      const before = vm.memoryUsed;
      expect(errorOf(runScript(vm, "local t = {} for i = 1, 1e7 do t[i] = 'v' .. i end"))).toEqual(
        OUT_OF_MEMORY,
      );
      expect(vm.memoryUsed).toBeLessThan(before + MIB);
      expect(runScript(vm, "return #string.rep('ab', 1e6)")).toEqual({
        kind: "done",
        reply: r.int(2_000_000),
      });
      // pcall catches it, as in Redis: the script goes on.
      expect(runScript(vm, "local ok, e = pcall(string.rep, 'x', 1e9) return {ok, e}")).toEqual({
        kind: "done",
        reply: r.arr(r.nil, r.bulk("not enough memory")),
      });
    } finally {
      vm.close();
    }
  });

  test("legitimate large values fit the default limit", ({ expect }) => {
    expect(SCRIPT_MEMORY_LIMIT_BYTES).toBeGreaterThanOrEqual(2 * 100 * MIB);
    const vm = new LuaVm("eval", { memoryLimitBytes: 4 * MIB });
    try {
      // A value is built beside the buffer it is made in: twice its size, briefly.
      expect(runScript(vm, "return #string.rep('x', 1.5 * 1024 * 1024)")).toEqual({
        kind: "done",
        reply: r.int(1.5 * MIB),
      });
    } finally {
      vm.close();
    }
  });
});

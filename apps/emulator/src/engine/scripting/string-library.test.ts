import { fc, test as fcTest } from "@fast-check/vitest";
import { afterAll, describe, test } from "vitest";
import type { Reply } from "../reply.ts";
import { createTestEngine, r } from "../test-support.ts";
import { LUA_OK, type LuaState, lua } from "./lua-runtime.ts";
import { STRING_FUNCTIONS } from "./string-library.ts";

const KILLED =
  /^ERR Script killed by user with SCRIPT KILL\.\.\. script: [0-9a-f]{40}, on @user_script:\d\.$/;

describe("long library calls stop at busy-reply-threshold", () => {
  // Each of these ran for seconds to minutes inside one C call, out of the instruction hook's reach.
  test.for([
    // The probe (201 s before).
    "return string.find(string.rep('a', 18), string.rep('a*', 18) .. 'b')",
    "return string.match(string.rep('a', 30), string.rep('a-', 9) .. 'b')",
    "for w in string.gmatch(string.rep('a', 30), string.rep('a*', 9) .. 'b') do end",
    "return string.gsub(string.rep('a', 30), string.rep('a*', 12) .. 'b', '')",
    "return string.find(string.rep('(', 40000), '%b()')",
    "return string.find(string.rep('a', 300000), '.-b')",
    "return string.gsub(string.rep('a', 300000), 'a*b', '')",
    // A pcall catches the abort, and the next line raises it again.
    "local ok = pcall(string.find, string.rep('a', 18), string.rep('a*', 18) .. 'b')\nreturn ok",
  ])("%s", (script, { expect }) => {
    const { run } = createTestEngine();
    run("CONFIG", "SET", "busy-reply-threshold", "20");
    const reply = run("EVAL_RO", script, "0");
    expect(reply.kind === "error" && reply.message).toMatch(KILLED);
    expect(run("EVAL_RO", "return string.find('key:1', '^(%a+):(%d)$')", "0")).toEqual(r.int(1));
  });

  test("functions (FCALL) stop the same way", ({ expect }) => {
    const { run } = createTestEngine();
    run("CONFIG", "SET", "busy-reply-threshold", "20");
    run(
      "FUNCTION",
      "LOAD",
      "#!lua name=slow\nredis.register_function('slow', function() return string.find(string.rep('a', 18), string.rep('a*', 18) .. 'b') end)",
    );
    const reply = run("FCALL", "slow", "0");
    expect(reply.kind === "error" && reply.message).toMatch(
      /^ERR Script killed by user with SCRIPT KILL\.\.\. script: slow, on @user_function:2\.$/,
    );
  });

  test("a string over the memory limit fails at once: not enough memory", ({ expect }) => {
    const { run } = createTestEngine();
    // The second probe (17 s and 1 GB before): Redis's text for a script out of memory.
    const script = "return #string.rep('x', 1e9)";
    expect(run("EVAL_RO", script, "0")).toEqual(
      r.err("ERR Error running script ec5d5eb6695cd54704e81ecaf4ca07b142ff7384, not enough memory"),
    );
    expect(run("EVAL_RO", "return #string.rep('x', 1e6)", "0")).toEqual(r.int(1_000_000));
  });
});

/** Replies redis-server 7.0 (Lua 5.1) gives, where Lua 5.4's functions answered otherwise. */
describe("Lua 5.1's string functions", () => {
  const evalReply = (script: string): Reply => createTestEngine().run("EVAL", script, "0");

  test.for([
    // An empty match right after a non-empty one counts (5.4: "- -", 2).
    ["return {string.gsub('hello world', '%w*', '-')}", r.arr(r.bulk("-- --"), r.int(4))],
    [
      "local t = {} for w in string.gmatch('hello world', '%a*') do t[#t + 1] = '<' .. w .. '>' end return table.concat(t)",
      r.bulk("<hello><><world><>"),
    ],
    ["return {string.gsub('abc', '', '-', 2)}", r.arr(r.bulk("-a-bc"), r.int(2))],
    // '%' before a non-digit in a replacement is that character; a trailing one appends the NUL.
    ["return string.gsub('abc', '%w', '%x')", r.bulk("xxx")],
    ["return string.gsub('ab', '%w', '%')", r.bulk("\u0000\u0000")],
    // %g is not a class in 5.1: a plain 'g'.
    ["return string.find('a', '%g')", r.nil],
    ["return string.find('g', '%g')", r.int(1)],
    // '^' is a plain character in gmatch.
    ["local n = 0 for w in string.gmatch('^a^a', '^a') do n = n + 1 end return n", r.int(2)],
    // Numbers are read as 5.1 prints them ("5", where 5.4 has "5.0").
    ["return string.find(10 / 2, '%.')", r.nil],
    ["return string.gsub('abc', '%w', {a = 1.5, b = 2.0})", r.bulk("1.52c")],
    // Integer arguments are C casts: truncated, and rep's count wraps to 32 bits.
    ["return string.gsub('abc', '%w', 'x', 1.7)", r.bulk("xbc")],
    ["return string.rep('ab', 2^32 + 2)", r.bulk("abab")],
    ["return string.rep('ab', 3, ',')", r.bulk("ababab")],
    ["return {string.find('abc', '', 10)}", r.arr(r.int(4), r.int(3))],
    ["return {string.find('a\\0b', '\\0b')}", r.arr(r.int(2), r.int(3))],
    ["return {string.find('a.b', '.\\0x')}", r.arr(r.int(1), r.int(1))],
    ["return {string.match(' hello ', '()ll()')}", r.arr(r.int(4), r.int(6))],
    ["return {string.gsub('hello', '', '.')}", r.arr(r.bulk(".h.e.l.l.o."), r.int(6))],
  ] as const)("%s", ([script, expected], { expect }) => {
    expect(evalReply(script)).toEqual(expected);
  });

  test.for([
    ["return string.find('a', '%')", "malformed pattern (ends with '%')"],
    ["return string.find('a', '[a')", "malformed pattern (missing ']')"],
    ["return string.find('a', '(a')", "unfinished capture"],
    ["return string.gsub('abc', '%w', '%2')", "invalid capture index"],
    ["return string.find('a', '%f')", "missing '[' after '%f' in pattern"],
    ["return string.gsub('abc', '%w', {a = true})", "invalid replacement value (a boolean)"],
    [
      "return string.gsub('abc', '%w', nil)",
      "bad argument #3 to 'gsub' (string/function/table expected)",
    ],
    ["return string.find(string.rep('a', 40), string.rep('(a)', 33))", "too many captures"],
    ["return ('a'):find({})", "bad argument #1 to 'find' (string expected, got table)"],
    ["return string.gmatch()", "bad argument #1 to 'gmatch' (string expected, got no value)"],
  ] as const)("%s fails: %s", ([script, message], { expect }) => {
    const reply = evalReply(script);
    expect(reply.kind === "error" && reply.message).toMatch(
      new RegExp(`^ERR user_script:1: ${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} script: `),
    );
  });

  test.for([
    ["return {pcall(string.find)}", "bad argument #1 to '?' (string expected, got no value)"],
    ["return {pcall(string.rep, 'x')}", "bad argument #2 to '?' (number expected, got no value)"],
    [
      "return {pcall(string.gsub, 'a', 'a', 'b', 'x')}",
      "bad argument #4 to '?' (number expected, got string)",
    ],
  ] as const)("%s", ([script, message], { expect }) => {
    expect(evalReply(script)).toEqual(r.arr(r.nil, r.bulk(message)));
  });
});

/**
 * The functions against Lua 5.4's own, in one raw state, on inputs where 5.1 and 5.4 agree: no
 * `%g`, no NUL in patterns, `init` at most one past the end, and for gsub/gmatch a pattern whose
 * matches are never empty (5.4 skips an empty match right after a non-empty one).
 */
describe("the same results as Lua's C matcher", () => {
  const compareSource = `
    local js = ...
    local native = { find = string.find, match = string.match, gsub = string.gsub, gmatch = string.gmatch }
    local function pack(...) return { n = select('#', ...), ... } end
    local function show(t)
      local parts = {}
      for i = 1, t.n do parts[i] = type(t[i]) .. ':' .. tostring(t[i]) end
      return table.concat(parts, ',')
    end
    local function all(gmatch, s, p)
      local out = {}
      for a, b in gmatch(s, p) do
        out[#out + 1] = tostring(a) .. '|' .. tostring(b)
        if #out > 100 then break end
      end
      return table.concat(out, ';')
    end
    local replacements = {
      ['<fn>'] = function(...) return table.concat({ ... }, '+') end,
      ['<table>'] = { a = 'A', b = false, [' '] = 1 },
    }
    return function(kind, s, p, extra)
      local a, b
      if kind == 'gmatch' then
        a, b = pack(pcall(all, native.gmatch, s, p)), pack(pcall(all, js.gmatch, s, p))
      elseif kind == 'gsub' then
        local repl = replacements[extra] or extra
        a, b = pack(pcall(native.gsub, s, p, repl)), pack(pcall(js.gsub, s, p, repl))
      elseif kind == 'plain' then
        a, b = pack(pcall(native.find, s, p, 1, true)), pack(pcall(js.find, s, p, 1, true))
      else
        local init = math.min(extra, #s + 1)
        a, b = pack(pcall(native[kind], s, p, init)), pack(pcall(js[kind], s, p, init))
      end
      -- Both refuse: their messages differ (5.4 adds details such as the capture index).
      if a[1] == false and b[1] == false then return '' end
      local x, y = show(a), show(b)
      return x == y and '' or ('native ' .. x .. ' / js ' .. y)
    end`;

  const L: LuaState = lua.newState();
  lua.createTable(L);
  for (const [name, fn] of Object.entries(STRING_FUNCTIONS)) {
    lua.pushFunction(L, fn);
    lua.rawSetField(L, -2, name);
  }
  if (lua.load(L, compareSource, "=compare") !== LUA_OK) {
    throw new Error(lua.toString(L, -1));
  }
  lua.insert(L, -2);
  if (lua.pcall(L, { args: 1, results: 1, handler: 0 }) !== LUA_OK) {
    throw new Error(lua.toString(L, -1));
  }
  const compareRef = lua.ref(L);
  afterAll(() => lua.close(L));

  /** "" when both agree, else both results. */
  function difference(kind: string, options: { s: string; p: string; extra: string | number }) {
    lua.getRef(L, compareRef);
    lua.pushString(L, kind);
    lua.pushString(L, options.s);
    lua.pushString(L, options.p);
    if (typeof options.extra === "number") {
      lua.pushInteger(L, options.extra);
    } else {
      lua.pushString(L, options.extra);
    }
    const status = lua.pcall(L, { args: 4, results: 1, handler: 0 });
    const text = lua.toString(L, -1);
    lua.setTop(L, 0);
    return status === LUA_OK ? text : `error: ${text}`;
  }

  // Mostly atoms that match the subject's usual characters, so that matches are frequent.
  const atom = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("a", "b", ".", "%a", "%w", "[ab]", "[^a]") },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        ..."c 1 %d %s %p %l %u %x %c %A %S %W %. %% %( [a-c1] [%d.] []] [^%s]".split(" "),
        " ",
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
    { weight: 1, arbitrary: fc.constantFrom("%b()", "%f[%w]", "%f[%s]", "()", "%1") },
  );
  const piece = fc.oneof(
    { weight: 4, arbitrary: item },
    {
      weight: 1,
      arbitrary: fc
        .array(item, { minLength: 1, maxLength: 3 })
        .map((items) => `(${items.join("")})`),
    },
  );
  // At most three repetitions: the C matcher has no time limit, its backtracking must stay small.
  const isBounded = (pattern: string): boolean => (pattern.match(/[*+?-]/g) ?? []).length <= 3;
  const pattern = fc
    .tuple(fc.boolean(), fc.array(piece, { maxLength: 4 }), fc.boolean())
    .map(
      ([anchored, pieces, atEnd]) => `${anchored ? "^" : ""}${pieces.join("")}${atEnd ? "$" : ""}`,
    )
    .filter(isBounded);
  // A first item that always takes one character: no match is empty.
  const nonEmptyPattern = fc
    .tuple(fc.constantFrom("a", "b", "%w", "[ab ]", "."), fc.array(piece, { maxLength: 3 }))
    .map(([first, pieces]) => first + pieces.join(""))
    .filter(isBounded);
  const subject = fc.string({ unit: fc.constantFrom(..."aaabbc 1().%\n\u0000"), maxLength: 16 });

  fcTest.prop(
    [
      fc.record({
        kind: fc.constantFrom("find", "match"),
        s: subject,
        p: pattern,
        init: fc.oneof(fc.constant(1), fc.integer({ min: -20, max: 20 })),
      }),
    ],
    { numRuns: 400 },
  )("find and match", ({ kind, s, p, init }) => difference(kind, { s, p, extra: init }) === "");

  fcTest.prop([subject, fc.string({ unit: fc.constantFrom(..."ab.%(\u0000"), maxLength: 3 })], {
    numRuns: 200,
  })("find with plain", (s, p) => difference("plain", { s, p, extra: 1 }) === "");

  fcTest.prop(
    [
      subject,
      nonEmptyPattern,
      fc.constantFrom("", "x", "<%0>", "%1", "%%", "[%1|%2]", "<fn>", "<table>"),
    ],
    { numRuns: 400 },
  )("gsub", (s, p, replacement) => difference("gsub", { s, p, extra: replacement }) === "");

  fcTest.prop([subject, nonEmptyPattern], { numRuns: 400 })(
    "gmatch",
    (s, p) => difference("gmatch", { s, p, extra: "" }) === "",
  );
});

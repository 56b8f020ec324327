import { describe, test } from "vitest";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

/**
 * The Lua 5.1 environment the prelude recreates on Lua 5.4. Every expected reply is the one
 * redis-server 7.0 gives for the same script (`EVAL <script> 0`); a script's differences from it
 * that remain are listed in ../README.md.
 */
function evalReply(script: string): Reply {
  return createTestEngine().run("EVAL", script, "0");
}

describe("Lua 5.1 values and library functions", () => {
  test.for([
    ["return tostring(3)", r.bulk("3")],
    ["return tostring(3.5)", r.bulk("3.5")],
    ["return tostring(1e15)", r.bulk("1e+15")],
    ["return tostring(2^53)", r.bulk("9.007199254741e+15")],
    ["return tostring(1/0)", r.bulk("inf")],
    ["return tostring(-1/0)", r.bulk("-inf")],
    ["return tostring(0/0)", r.bulk("-nan")],
    ["return 7 % 3 .. ''", r.bulk("1")],
    ["return string.format('%d', 3.7)", r.bulk("3")],
    ["return string.format('%5.2f|%s|%q', 3.14159, 12, 'a\\nb')", r.bulk(' 3.14|12|"a\\\nb"')],
    ["return string.format('%s', 1e100)", r.bulk("1e+100")],
    ["return tonumber('0x10')", r.int(16)],
    ["return tonumber('10', 2)", r.int(2)],
    ["return tostring(tonumber('  5  '))", r.bulk("5")],
    ["return tostring(tonumber('inf'))", r.bulk("inf")],
    ["return tostring(tonumber('nan'))", r.bulk("nan")],
    ["return tostring(tonumber('1e500'))", r.bulk("inf")],
    ["return {unpack({1, 2, 3})}", r.arr(r.int(1), r.int(2), r.int(3))],
    ["return table.getn({1, 2, 3})", r.int(3)],
    ["return math.mod(7, 3)", r.int(1)],
    ["return math.mod(-7, 3)", r.int(-1)],
    ["return math.fmod(-7, 3)", r.int(-1)],
    ["return loadstring('return 1 + 1')()", r.int(2)],
    ["return {loadstring('return +')}", r.arr()],
    ["return select('#', 1, 2, 3)", r.int(3)],
    ["return select(-1, 1, 2, 3)", r.int(3)],
    ["return type(gcinfo)", r.bulk("function")],
    ["return type(collectgarbage)", r.bulk("function")],
    ["return type(math.pow)", r.bulk("function")],
    ["return type(string.gfind)", r.bulk("function")],
    ["return type(table.maxn)", r.bulk("function")],
    ["return type(coroutine.running)", r.bulk("function")],
    ["return math.pow(2, 10)", r.int(1024)],
    ["return table.maxn({1, 2, [10] = 3})", r.int(10)],
    ["return string.rep('ab', 3)", r.bulk("ababab")],
    ["return {string.byte('abc', 1, -1)}", r.arr(r.int(97), r.int(98), r.int(99))],
    ["return string.char(72, 105)", r.bulk("Hi")],
    ["return ('%d'):format(5)", r.bulk("5")],
    ["return table.concat({1, 2, 'x'}, ',')", r.bulk("1,2,x")],
    ["return math.floor(3.7)", r.int(3)],
    ["return tostring(math.floor(3.7))", r.bulk("3")],
    ["return tostring(math.huge)", r.bulk("inf")],
    ["return tostring(math.pi)", r.bulk("3.1415926535898")],
    ["return tostring(-math.pi)", r.bulk("-3.1415926535898")],
    ["return tostring(1e14)", r.bulk("1e+14")],
    ["return tostring(123456789012345)", r.bulk("1.2345678901234e+14")],
    ["return tostring(0.1)", r.bulk("0.1")],
    ["return tostring(100)", r.bulk("100")],
    ["return tostring(2^63)", r.bulk("9.2233720368548e+18")],
    ["return tostring(-2^63)", r.bulk("-9.2233720368548e+18")],
    ["return 2^63 .. ''", r.bulk("9.2233720368548e+18")],
    ["return math.max(1, 5, 3)", r.int(5)],
    ["return tostring(math.max(1.5, 2))", r.bulk("2")],
    ["return string.len('abc')", r.int(3)],
    ["return #'abc'", r.int(3)],
    ["return string.upper('abc')", r.bulk("ABC")],
    ["return string.find('hello', 'l')", r.int(3)],
    ["return {string.find('hello', 'l(l)')}", r.arr(r.int(3), r.int(4), r.bulk("l"))],
    ["return string.gsub('hello', 'l', 'L')", r.bulk("heLLo")],
    ["return {string.gsub('hello', 'l', 'L')}", r.arr(r.bulk("heLLo"), r.int(2))],
    ["return string.match('key:123', '%d+')", r.bulk("123")],
    ["return string.format('%x', 255)", r.bulk("ff")],
    ["return string.format('%5s|%-5s|', 'a', 'b')", r.bulk("    a|b    |")],
    ["return string.format('%g', 1e20)", r.bulk("1e+20")],
    ["return string.format('%.3f', 2/3)", r.bulk("0.667")],
    ["return string.format('%i', 42)", r.bulk("42")],
    ["return string.format('%c%c', 65, 66)", r.bulk("AB")],
    ["return string.format('%o', 8)", r.bulk("10")],
    ["return string.format('%e', 12345.678)", r.bulk("1.234568e+04")],
    ["return string.format('%5.1s|', 'abc')", r.bulk("    a|")],
    ["return tostring(nil)", r.bulk("nil")],
    ["return tostring(true)", r.bulk("true")],
    ["return type(tostring({}))", r.bulk("string")],
    ["return string.sub(tostring({}), 1, 7)", r.bulk("table: ")],
    ["return coroutine.resume(coroutine.create(function() return 1 end))", r.int(1)],
    [
      "return {coroutine.resume(coroutine.create(function() error('boom') end))}",
      r.arr(r.nil, r.bulk("user_script:1: boom")),
    ],
    [
      "return {coroutine.resume(coroutine.create(function() coroutine.yield(5) end))}",
      r.arr(r.int(1), r.int(5)),
    ],
    ["return coroutine.wrap(function() coroutine.yield(7) end)()", r.int(7)],
    ["return #redis.sha1hex('')", r.int(40)],
    ["return redis.sha1hex('abc')", r.bulk("a9993e364706816aba3e25717850c26c9cd0d89d")],
    ["return string.format('%q', '\\0')", r.bulk('"\\000"')],
    ["return ('x'):rep(3, ',')", r.bulk("xxx")],
    ["return math.floor(-0.5)", r.int(-1)],
    ["return tostring(math.floor(-0.5))", r.bulk("-1")],
    ["return 0x7fffffff + 1", r.int(2147483648)],
    ["return 2147483648 * 2", r.int(4294967296)],
    ["return tostring(2147483648 * 2)", r.bulk("4294967296")],
    ["return tostring(1e16)", r.bulk("1e+16")],
    ["return tostring(12345678901234567)", r.bulk("1.2345678901235e+16")],
    ["return tostring(7 / 7)", r.bulk("1")],
    ["return tostring(3 * 1.0)", r.bulk("3")],
    ["return tostring(2^31)", r.bulk("2147483648")],
    ["return ('a'):byte()", r.int(97)],
    ["return {next({})}", r.arr()],
    ["return type(next)", r.bulk("function")],
    ["return #{1, 2, nil, 4}", r.int(4)],
    ["return tostring(-0.0)", r.bulk("-0")],
    ["return tostring(1e308 * 10)", r.bulk("inf")],
    ["return table.getn({n = 3})", r.int(0)],
    ["return string.char(65, '66', 67.9)", r.bulk("ABC")],
    ["local f = loadstring('return 1', 'chunk') return f()", r.int(1)],
    ["return {loadstring('return +', 'mychunk')}", r.arr()],
    ["return {loadstring('error(\\\"x\\\")')}", r.arr(r.nil)],
    ["return type(collectgarbage('count'))", r.bulk("number")],
    ["return select('#', ...)", r.int(0)],
    ["return {...}", r.arr()],
    ["return type(math.ldexp)", r.bulk("function")],
    ["return math.ldexp(1, 3)", r.int(8)],
    ["return {math.frexp(8)}", r.arr(r.int(0), r.int(4))],
    ["return math.log(8, 2)", r.int(2)],
    ["return tostring(math.log10(1000))", r.bulk("3")],
    ["return math.random(5, 5)", r.int(5)],
    ["return type(math.random())", r.bulk("number")],
    ["return tostring(math.sqrt(2))", r.bulk("1.4142135623731")],
    ["return tostring(2^0.5)", r.bulk("1.4142135623731")],
    ["return tostring(math.abs(-3))", r.bulk("3")],
    ["return math.abs(-2^63) .. ''", r.bulk("9.2233720368548e+18")],
    ["return string.format('%s %s', 1, 1.5)", r.bulk("1 1.5")],
    ["return string.format('%d', 2^31)", r.bulk("2147483648")],
    ["return string.format('%d', -2^63)", r.bulk("-9223372036854775808")],
    ["return string.format('%5.1f', 1/0)", r.bulk("  inf")],
    ["return string.format('%.20f', 0.1)", r.bulk("0.10000000000000000555")],
    ["return string.format('%10.3s|', 'abcdef')", r.bulk("       abc|")],
    // 5.1 kept each conversion's sprintf output up to its first NUL.
    ["return string.format('%5c|%-3c|%c', 0, 256, 65)", r.bulk("    ||A")],
    ["return string.format('%s|%5s|', 'a\\0b', 'c\\0d')", r.bulk("a|    c|")],
    ["return #string.format('%s', string.rep('a\\0', 60))", r.int(120)],
    ["return string.format('a\\0%d', 1)", r.bulk("a\u00001")],
    ["return string.format('%-10d|', 5)", r.bulk("5         |")],
    ["return string.format('%+d', 5)", r.bulk("+5")],
    ["return string.format('% d', 5)", r.bulk(" 5")],
    ["return string.format('%#x', 255)", r.bulk("0xff")],
    ["return string.format('%05d', 42)", r.bulk("00042")],
    ["return string.format('%.0f', 0.5)", r.bulk("0")],
    ["return string.format('%q', 1/3)", r.bulk('"0.33333333333333"')],
    ["return string.format('%q', 7)", r.bulk('"7"')],
    ["return string.format('%%')", r.bulk("%")],
    ["return string.format('%x', -1)", r.bulk("ffffffffffffffff")],
    ["return string.format('%x', 2^31)", r.bulk("80000000")],
    ["return string.format('%c', 256 + 65)", r.bulk("A")],
    ["return tostring(#'\\0\\0')", r.bulk("2")],
    ["return 'a\\0b'", r.bulk("a\u0000b")],
    ["return tostring(0x10)", r.bulk("16")],
    ["return tostring(1e2)", r.bulk("100")],
    ["return tostring(5 / 2)", r.bulk("2.5")],
    ["return tostring(-5 % 3)", r.bulk("1")],
    ["return tostring(5.5 % 2)", r.bulk("1.5")],
    ["return tostring(-2^53)", r.bulk("-9.007199254741e+15")],
    ["return tostring(99999999999999)", r.bulk("99999999999999")],
    ["return tostring(999999999999999)", r.bulk("1e+15")],
    ["return tostring(1e300 * 1e10)", r.bulk("inf")],
    ["return tostring(2^-1074)", r.bulk("4.9406564584125e-324")],
    ["return tostring(123.456e-300)", r.bulk("1.23456e-298")],
    ["return tostring('10' + 1)", r.bulk("11")],
    ["return tostring('0x10' + 0)", r.bulk("16")],
    ["return tostring('1e1' + 0)", r.bulk("10")],
    ["return tostring('3' * '4')", r.bulk("12")],
    ["return tostring(10 .. 20)", r.bulk("1020")],
    ["return tostring(math.floor(1e100))", r.bulk("1e+100")],
    ["return tostring(math.fmod(5.5, 2))", r.bulk("1.5")],
    ["return {math.modf(3.7)}", r.arr(r.int(3), r.int(0))],
    ["return tostring(select(2, math.modf(-3.5)))", r.bulk("-0.5")],
    ["return string.rep('x', 0)", r.bulk("")],
    ["return string.rep('x', 2.9)", r.bulk("xx")],
    ["return string.sub('hello', 2.7, 3.2)", r.bulk("el")],
    ["return string.sub('hello', '2', '3')", r.bulk("el")],
    ["return string.byte('hello', 1.5)", r.int(104)],
    ["return {string.byte('hello', -3, -1)}", r.arr(r.int(108), r.int(108), r.int(111))],
    ["return table.concat({1.5, 2, 1e15, 2^53}, ' ')", r.bulk("1.5 2 1e+15 9.007199254741e+15")],
    ["return table.concat({}, 'x')", r.bulk("")],
    [
      "local t = {1, 2, 3} table.insert(t, 1, 0) return t",
      r.arr(r.int(0), r.int(1), r.int(2), r.int(3)),
    ],
    ["local t = {1, 2, 3} table.insert(t, 10, 0) return #t", r.int(3)],
    [
      "local t = {1, 2, 3} return {table.remove(t, 1), t[1], #t}",
      r.arr(r.int(1), r.int(2), r.int(2)),
    ],
    ["local t = {} return {table.remove(t)}", r.arr()],
    ["local t = {} return select('#', table.remove(t))", r.int(0)],
    ["local t = {3, 1, 2} table.sort(t) return t", r.arr(r.int(1), r.int(2), r.int(3))],
    [
      "local t = {3, 1, 2} table.sort(t, function(a, b) return a > b end) return t",
      r.arr(r.int(3), r.int(2), r.int(1)),
    ],
    ["local t = {} table.foreach({1}, function(k, v) t[#t+1] = v end) return t", r.arr(r.int(1))],
    [
      "local t = {} table.foreachi({1, 2}, function(k, v) t[#t+1] = k end) return t",
      r.arr(r.int(1), r.int(2)),
    ],
    ["return {string.find('a.b', '.', 1, true)}", r.arr(r.int(2), r.int(2))],
    ["return {string.find('abc', 'b', -10)}", r.arr(r.int(2), r.int(2))],
    ["return {string.find('abc', '')}", r.arr(r.int(1), r.int(0))],
    ["return {string.find('abc', '', 10)}", r.arr(r.int(4), r.int(3))],
    ["return {string.find('abc', '', 4)}", r.arr(r.int(4), r.int(3))],
    ["return {string.gsub('abc', '%w', '%0%0')}", r.arr(r.bulk("aabbcc"), r.int(3))],
    ["return {string.gsub('abc', '', '-')}", r.arr(r.bulk("-a-b-c-"), r.int(4))],
    [
      "return {string.gsub('hello world', '%w+', {hello = 'HI'})}",
      r.arr(r.bulk("HI world"), r.int(2)),
    ],
    ["return {string.match('  x  ', '^%s*(.-)%s*$')}", r.arr(r.bulk("x"))],
    [
      "return {string.match('2024-01-02', '(%d+)-(%d+)-(%d+)')}",
      r.arr(r.bulk("2024"), r.bulk("01"), r.bulk("02")),
    ],
    ["return {string.match('abc', '()b()')}", r.arr(r.int(2), r.int(3))],
    [
      "local t = {} for w in string.gmatch('a b c', '%a') do t[#t+1] = w end return t",
      r.arr(r.bulk("a"), r.bulk("b"), r.bulk("c")),
    ],
    [
      "local t = {} for a, b in string.gmatch('k=v, x=y', '(%w+)=(%w+)') do t[#t+1] = a .. b end return t",
      r.arr(r.bulk("kv"), r.bulk("xy")),
    ],
    ["return {string.gmatch('x', 'x')()}", r.arr(r.bulk("x"))],
    ["return string.reverse('abc')", r.bulk("cba")],
    ["return string.lower('ABC')", r.bulk("abc")],
    ["return type(string.dump)", r.bulk("function")],
    ["return {string.format('%5.2s', 'abc')}", r.arr(r.bulk("   ab"))],
    ["return string.format('%d', '10')", r.bulk("10")],
    ["return string.format('%s', 2^63)", r.bulk("9.2233720368548e+18")],
    ["return string.format('%.3s', 1.23456)", r.bulk("1.2")],
    ["return string.format('%d', 3.0)", r.bulk("3")],
    ["return {string.find('abc', 'c', 10)}", r.arr()],
    ["return {string.match('abc', '', 10)}", r.arr(r.bulk(""))],
    ["return {string.find('abc', 'b', 1, true)}", r.arr(r.int(2), r.int(2))],
    ["return {string.find('abc', 'b', 1.5)}", r.arr(r.int(2), r.int(2))],
    ["return {string.find('abc', 'b', '2')}", r.arr(r.int(2), r.int(2))],
    ["return string.sub('hello', 0/0)", r.bulk("hello")],
    ["return string.sub('hello', 2, 1/0)", r.bulk("")],
    ["return string.sub('hello', -1/0)", r.bulk("hello")],
    ["return string.sub('hello', 2, 2^70)", r.bulk("")],
    ["return type(collectgarbage())", r.bulk("number")],
    ["return collectgarbage('collect')", r.int(0)],
  ] as const)("%s", ([script, expected], { expect }) => {
    expect(evalReply(script)).toEqual(expected);
  });
});

describe("Lua 5.1 error messages", () => {
  test.for([
    ["return {pcall(error, 'x')}", r.arr(r.nil, r.bulk("x"))],
    ["return {pcall(error, 'x', 0)}", r.arr(r.nil, r.bulk("x"))],
    ["return {pcall(function() error('x') end)}", r.arr(r.nil, r.bulk("user_script:1: x"))],
    ["return {pcall(function() error({}) end)}", r.arr(r.nil, r.arr())],
    [
      "return {pcall(function() local t = nil; return t.x end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to index local 't' (a nil value)")),
    ],
    [
      "return {pcall(function() return 1 + {} end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to perform arithmetic on a table value")),
    ],
    [
      "return {pcall(function() return #5 end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to get length of a number value")),
    ],
    [
      "return {pcall(function() return ('x')() end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to call a string value")),
    ],
    [
      "return {pcall(function() assert(false) end)}",
      r.arr(r.nil, r.bulk("user_script:1: assertion failed!")),
    ],
    [
      "return {pcall(function() assert(false, 'msg') end)}",
      r.arr(r.nil, r.bulk("user_script:1: msg")),
    ],
    ["return {pcall(function() assert(nil, 42) end)}", r.arr(r.nil, r.bulk("user_script:1: 42"))],
    [
      "return {pcall(string.rep)}",
      r.arr(r.nil, r.bulk("bad argument #1 to '?' (string expected, got no value)")),
    ],
    [
      "return {pcall(string.sub)}",
      r.arr(r.nil, r.bulk("bad argument #1 to '?' (string expected, got no value)")),
    ],
    [
      "return {pcall(math.floor, 'x')}",
      r.arr(r.nil, r.bulk("bad argument #1 to '?' (number expected, got string)")),
    ],
    [
      "return {pcall(setmetatable, 1, {})}",
      r.arr(r.nil, r.bulk("bad argument #1 to '?' (table expected, got number)")),
    ],
    [
      "return {pcall(table.concat, {1, {}, 3})}",
      r.arr(r.nil, r.bulk("invalid value (table) at index 2 in table for 'concat'")),
    ],
    [
      "return {pcall(string.format, '%d', 'x')}",
      r.arr(r.nil, r.bulk("bad argument #2 to '?' (number expected, got string)")),
    ],
    ["return {pcall(string.format, '%d', 3.5)}", r.arr(r.int(1), r.bulk("3"))],
    [
      "return {pcall(string.format, '%y', 1)}",
      r.arr(r.nil, r.bulk("invalid option '%y' to 'format'")),
    ],
    [
      "return {pcall(coroutine.wrap(function() error('w') end))}",
      r.arr(r.nil, r.bulk("user_script:1: w")),
    ],
    [
      "return {pcall(redis.call)}",
      r.arr(r.nil, r.bulk("ERR Please specify at least one argument for this redis lib call")),
    ],
    [
      "return {pcall(redis.call, 'nosuch')}",
      r.arr(r.nil, r.bulk("ERR Unknown Redis command called from script")),
    ],
    [
      "return {pcall(redis.call, 'get')}",
      r.arr(r.nil, r.bulk("ERR Wrong number of args calling Redis command from script")),
    ],
    [
      "return {pcall(redis.call, {})}",
      r.arr(r.nil, r.bulk("ERR Lua redis lib command arguments must be strings or integers")),
    ],
    ["return redis.pcall('nosuch')", r.err("ERR Unknown Redis command called from script")],
    [
      "return redis.pcall('get')",
      r.err("ERR Wrong number of args calling Redis command from script"),
    ],
    ["return {pcall(redis.sha1hex)}", r.arr(r.nil, r.bulk("ERR wrong number of arguments"))],
    [
      "return {pcall(table.insert, {}, 1, 2, 3)}",
      r.arr(r.nil, r.bulk("wrong number of arguments to 'insert'")),
    ],
    [
      "return {pcall(function() local t = {} t[nil] = 1 end)}",
      r.arr(r.nil, r.bulk("user_script:1: table index is nil")),
    ],
    [
      "return {pcall(function() for i = 1, 'x' do end end)}",
      r.arr(r.nil, r.bulk("user_script:1: 'for' limit must be a number")),
    ],
    [
      "return {pcall(function() return {} < {} end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to compare two table values")),
    ],
    [
      "return {pcall(function() return 1 < 'x' end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to compare number with string")),
    ],
    [
      "return {pcall(function() return 'a' .. {} end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to concatenate a table value")),
    ],
    [
      "return {pcall(function() local a; a() end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to call local 'a' (a nil value)")),
    ],
    [
      "return {pcall(function() local t = {} t.x.y = 1 end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to index field 'x' (a nil value)")),
    ],
    [
      "return {pcall(function() return math.floor() end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #1 to 'floor' (number expected, got no value)"),
      ),
    ],
    [
      "return {pcall(function() return ('x'):bad() end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to call method 'bad' (a nil value)")),
    ],
    [
      "return {pcall(string.char, 256)}",
      r.arr(r.nil, r.bulk("bad argument #1 to '?' (invalid value)")),
    ],
    ["return {pcall(string.rep, 'x', -1)}", r.arr(r.int(1), r.bulk(""))],
    [
      "return {pcall(tonumber, '10', 99)}",
      r.arr(r.nil, r.bulk("bad argument #2 to '?' (base out of range)")),
    ],
    ["return {pcall(unpack, {}, 1, 1e8)}", r.arr(r.nil, r.bulk("too many results to unpack"))],
    [
      "return math.floor('x')",
      r.err(
        "ERR user_script:1: bad argument #1 to 'floor' (number expected, got string) script: 7cf2c038a55f1ca159d6ef112dff26587d2f619f, on @user_script:1.",
      ),
    ],
    [
      "local x = math.floor('x') return x",
      r.err(
        "ERR user_script:1: bad argument #1 to 'floor' (number expected, got string) script: 6ddae478e3775fc341839fe59e7ee4dcb9b2f81d, on @user_script:1.",
      ),
    ],
    [
      "return string.rep()",
      r.err(
        "ERR user_script:1: bad argument #1 to 'rep' (string expected, got no value) script: 312a592c4be4cbcb6748209b815c8eb090f3ca71, on @user_script:1.",
      ),
    ],
    [
      "local x = string.rep() return x",
      r.err(
        "ERR user_script:1: bad argument #1 to 'rep' (string expected, got no value) script: 5cbb937199298d94198fabb6b695cc4a1d06fc5f, on @user_script:1.",
      ),
    ],
    [
      "return {pcall(function() return math.floor('x') end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #1 to 'floor' (number expected, got string)"),
      ),
    ],
    [
      "return {pcall(function() local x = math.floor('x') end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #1 to 'floor' (number expected, got string)"),
      ),
    ],
    [
      "return {pcall(function() local x = string.sub() end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #1 to 'sub' (string expected, got no value)"),
      ),
    ],
    [
      "return {pcall(function() return string.sub() end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #1 to 'sub' (string expected, got no value)"),
      ),
    ],
    [
      "return {pcall(function() local f = math.floor; local x = f('x') end)}",
      r.arr(r.nil, r.bulk("user_script:1: bad argument #1 to 'f' (number expected, got string)")),
    ],
    [
      "return {pcall(function() local x = ('x'):rep() end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #1 to 'rep' (number expected, got no value)"),
      ),
    ],
    [
      "return {pcall(function() local x = tostring() end)}",
      r.arr(r.nil, r.bulk("user_script:1: bad argument #1 to 'tostring' (value expected)")),
    ],
    [
      "return {pcall(function() local x = cjson.encode() end)}",
      r.arr(r.nil, r.bulk("user_script:1: bad argument #1 to 'encode' (expected 1 argument)")),
    ],
    [
      "return {pcall(function() local x = redis.sha1hex() end)}",
      r.arr(r.nil, r.bulk("ERR wrong number of arguments")),
    ],
    [
      "return {pcall(function() local x = table.concat() end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #1 to 'concat' (table expected, got no value)"),
      ),
    ],
    [
      "return {pcall(function() local x = string.format('%d', 'x') end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #2 to 'format' (number expected, got string)"),
      ),
    ],
    [
      "return {pcall(function() local x = string.char(256) end)}",
      r.arr(r.nil, r.bulk("user_script:1: bad argument #1 to 'char' (invalid value)")),
    ],
    [
      "return {pcall(function() local x = unpack() end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #1 to 'unpack' (table expected, got no value)"),
      ),
    ],
    [
      "return {pcall(function() local x = setmetatable() end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #1 to 'setmetatable' (table expected, got no value)"),
      ),
    ],
    [
      "return {pcall(function() for i = 'x', 1 do end end)}",
      r.arr(r.nil, r.bulk("user_script:1: 'for' initial value must be a number")),
    ],
    [
      "return {pcall(function() for i = 1, 2, 'x' do end end)}",
      r.arr(r.nil, r.bulk("user_script:1: 'for' step must be a number")),
    ],
    [
      "return {pcall(function() local x = unpack(5) end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #1 to 'unpack' (table expected, got number)"),
      ),
    ],
    [
      "return {pcall(function() local x = string.char(65, -1) end)}",
      r.arr(r.nil, r.bulk("user_script:1: bad argument #2 to 'char' (invalid value)")),
    ],
    [
      "for i = 'x', 1 do end",
      r.err(
        "ERR user_script:1: 'for' initial value must be a number script: e57638d09741f6e8d5b623a41b17b8169945406e, on @user_script:1.",
      ),
    ],
    [
      "return {pcall(unpack, nil)}",
      r.arr(r.nil, r.bulk("bad argument #1 to '?' (table expected, got nil)")),
    ],
    ["return {pcall(setmetatable, {}, nil)}", r.arr(r.int(1), r.arr())],
    ["return {pcall(loadstring, 'return +', 'mychunk')}", r.arr(r.int(1))],
    [
      "return {pcall(loadstring('error(\\\"x\\\")'))}",
      r.arr(r.nil, r.bulk('[string "error("x")"]:1: x')),
    ],
    [
      "return {pcall(loadstring('error(\\\"x\\\")', '=named'))}",
      r.arr(r.nil, r.bulk("named:1: x")),
    ],
    ["return {pcall(load, function() return nil end)}", r.arr(r.int(1), r.nil)],
    [
      "return type(load('return 1'))",
      r.err(
        "ERR user_script:1: bad argument #1 to 'load' (function expected, got string) script: 60fc288bb5ecdd15be31b351c961df713f2284c3, on @user_script:1.",
      ),
    ],
    [
      "return {pcall(load, 'return 1')}",
      r.arr(r.nil, r.bulk("bad argument #1 to '?' (function expected, got string)")),
    ],
    [
      "return {pcall(collectgarbage, 'generational')}",
      r.arr(r.nil, r.bulk("bad argument #1 to '?' (invalid option 'generational')")),
    ],
    [
      "return {pcall(collectgarbage, 'bad')}",
      r.arr(r.nil, r.bulk("bad argument #1 to '?' (invalid option 'bad')")),
    ],
    [
      "return {pcall(math.random, 0)}",
      r.arr(r.nil, r.bulk("bad argument #1 to '?' (interval is empty)")),
    ],
    [
      "return {pcall(math.random, 2, 1)}",
      r.arr(r.nil, r.bulk("bad argument #2 to '?' (interval is empty)")),
    ],
    [
      "return string.format('%a', 1)",
      r.err(
        "ERR user_script:1: invalid option '%a' to 'format' script: b8ec46ce2a9f4a7c7ce64a2f18a8a02fadb02493, on @user_script:1.",
      ),
    ],
    [
      "return {pcall(string.format, '%', 1)}",
      r.arr(r.nil, r.bulk("invalid option '%' to 'format'")),
    ],
    ["return {pcall(string.format, '%10q', 'x')}", r.arr(r.int(1), r.bulk('"x"'))],
    [
      "return {pcall(string.format, '%q', {})}",
      r.arr(r.nil, r.bulk("bad argument #2 to '?' (string expected, got table)")),
    ],
    [
      "return string.format('%s', true)",
      r.err(
        "ERR user_script:1: bad argument #2 to 'format' (string expected, got boolean) script: a26d9591869184cf02f7173e93fd3cd8c6962f37, on @user_script:1.",
      ),
    ],
    [
      "return {pcall(string.format, '%s')}",
      r.arr(r.nil, r.bulk("bad argument #2 to '?' (no value)")),
    ],
    [
      "return {pcall(string.format, '%123d', 1)}",
      r.arr(r.nil, r.bulk("invalid format (width or precision too long)")),
    ],
    ["return {pcall(string.format, '%x', 2^40)}", r.arr(r.int(1), r.bulk("10000000000"))],
    [
      "return {pcall(function() return 'abc' + 1 end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to perform arithmetic on a string value")),
    ],
    [
      "return tostring(math.min())",
      r.err(
        "ERR user_script:1: bad argument #1 to 'min' (number expected, got no value) script: bc459b1d3fd372147247addd1ecf2b0a762500d0, on @user_script:1.",
      ),
    ],
    [
      "return {pcall(string.sub, 'hello', 'x')}",
      r.arr(r.nil, r.bulk("bad argument #2 to '?' (number expected, got string)")),
    ],
    ["return {pcall(string.sub, 'hello', 1/0)}", r.arr(r.int(1), r.bulk("hello"))],
    [
      "return {pcall(table.concat, {1}, 'x', 1, 3)}",
      r.arr(r.nil, r.bulk("invalid value (nil) at index 2 in table for 'concat'")),
    ],
    [
      "return {pcall(table.sort, {1, 'x'})}",
      r.arr(r.nil, r.bulk("attempt to compare string with number")),
    ],
    ["return {pcall(table.sort, {3,2,1}, function(a, b) return true end)}", r.arr(r.int(1))],
    [
      "local t = {} table.setn(t, 5) return #t",
      r.err(
        "ERR user_script:1: 'setn' is obsolete script: 283c442ee2e018fc6094e966ccda241a1f95326b, on @user_script:1.",
      ),
    ],
    ["return {pcall(table.setn, {}, 5)}", r.arr(r.nil, r.bulk("'setn' is obsolete"))],
    [
      "return {pcall(string.find, 'abc', '[a')}",
      r.arr(r.nil, r.bulk("malformed pattern (missing ']')")),
    ],
    [
      "return {pcall(string.find, 'abc', '%')}",
      r.arr(r.nil, r.bulk("malformed pattern (ends with '%')")),
    ],
    ["return {pcall(string.gsub, 'abc', '(', 'x')}", r.arr(r.int(1), r.bulk("xaxbxcx"), r.int(4))],
    [
      "return {pcall(string.gsub, 'abc', '%w', '%2')}",
      r.arr(r.nil, r.bulk("invalid capture index")),
    ],
    [
      "return {string.gsub('abc', 'b', false)}",
      r.err(
        "ERR user_script:1: bad argument #3 to 'gsub' (string/function/table expected) script: f414e538981551dfb71a439e922eef3ad4cf1eb1, on @user_script:1.",
      ),
    ],
    [
      "return {pcall(string.gsub, 'abc', 'b', true)}",
      r.arr(r.nil, r.bulk("bad argument #3 to '?' (string/function/table expected)")),
    ],
    [
      "return {pcall(string.gmatch, 'x')}",
      r.arr(r.nil, r.bulk("bad argument #2 to '?' (string expected, got no value)")),
    ],
    [
      "return {pcall(string.len)}",
      r.arr(r.nil, r.bulk("bad argument #1 to '?' (string expected, got no value)")),
    ],
    ["return {pcall(string.format, '%d', '10')}", r.arr(r.int(1), r.bulk("10"))],
    [
      "return {pcall(function() return 1 + 'abc' end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to perform arithmetic on a string value")),
    ],
    [
      "return {pcall(function() return {} + 'abc' end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to perform arithmetic on a table value")),
    ],
    [
      "return {pcall(function() return 'a' * 'b' end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to perform arithmetic on a string value")),
    ],
    [
      "return {pcall(function() return -'abc' end)}",
      r.arr(r.nil, r.bulk("user_script:1: attempt to perform arithmetic on a string value")),
    ],
    [
      "return {pcall(function() local t = {} return t + 1 end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: attempt to perform arithmetic on local 't' (a table value)"),
      ),
    ],
    ["return {pcall(string.find, 'abc', '%1')}", r.arr(r.nil, r.bulk("invalid capture index"))],
    [
      "return {pcall(function() return math.max() end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #1 to 'max' (number expected, got no value)"),
      ),
    ],
    [
      "return {pcall(string.find, 'abc', 'b', 'x')}",
      r.arr(r.nil, r.bulk("bad argument #3 to '?' (number expected, got string)")),
    ],
    [
      "return {pcall(collectgarbage, {})}",
      r.arr(r.nil, r.bulk("bad argument #1 to '?' (string expected, got table)")),
    ],
    [
      "return {pcall(function() local x = collectgarbage('bad') end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #1 to 'collectgarbage' (invalid option 'bad')"),
      ),
    ],
    [
      "return {pcall(function() local x = ('x'):sub('a') end)}",
      r.arr(r.nil, r.bulk("user_script:1: bad argument #1 to 'sub' (number expected, got string)")),
    ],
    [
      "return {pcall(function() local x = ('%d'):format('x') end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #1 to 'format' (number expected, got string)"),
      ),
    ],
    [
      "return {pcall(function() local x = ('x'):rep('y') end)}",
      r.arr(r.nil, r.bulk("user_script:1: bad argument #1 to 'rep' (number expected, got string)")),
    ],
    ["return {pcall(function() local x = ('x'):upper(1) end)}", r.arr(r.int(1))],
    [
      "return {pcall(function() local s = 'x' local x = s:find({}) end)}",
      r.arr(r.nil, r.bulk("user_script:1: bad argument #1 to 'find' (string expected, got table)")),
    ],
    [
      "return {pcall(function() local x = string.rep(5) end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #2 to 'rep' (number expected, got no value)"),
      ),
    ],
    [
      "return {pcall(function() local x = ('x'):byte('z') end)}",
      r.arr(
        r.nil,
        r.bulk("user_script:1: bad argument #1 to 'byte' (number expected, got string)"),
      ),
    ],
    ["return {pcall(tostring)}", r.arr(r.nil, r.bulk("bad argument #1 to '?' (value expected)"))],
  ] as const)("%s", ([script, expected], { expect }) => {
    expect(evalReply(script)).toEqual(expected);
  });
});

describe("the sandbox and protected globals", () => {
  test.for([
    [
      "return type(getfenv)",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'getfenv' script: d2c7282719af3bf866eec648f4592730ecb3a75f, on @user_script:1.",
      ),
    ],
    [
      "return type(setfenv)",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'setfenv' script: ceaddaad3558d2f10cbb8082ea10e1b63f3ac0ea, on @user_script:1.",
      ),
    ],
    [
      "return type(newproxy)",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'newproxy' script: 2db8cbf73e97a4b7d8d1a7ce472bf57302f0f369, on @user_script:1.",
      ),
    ],
    [
      "return type(module)",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'module' script: ec1c6cc4fb3e3178e6b741a3338324a32a935d97, on @user_script:1.",
      ),
    ],
    [
      "return type(os)",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'os' script: 88bfcb2247db0b6fa4925f3cddc3fd0651459f99, on @user_script:1.",
      ),
    ],
    [
      "return type(io)",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'io' script: 918bbded8bab006be53c3db116d9c93508fc799a, on @user_script:1.",
      ),
    ],
    [
      "return type(print)",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'print' script: 296aa29e565df267b5e30e498f3872c9f9e8e8cc, on @user_script:1.",
      ),
    ],
    [
      "return type(require)",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'require' script: a10ff9bcfafac54cee41502b0e65e31ab05862c3, on @user_script:1.",
      ),
    ],
    [
      "return type(dofile)",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'dofile' script: f14b399205539f5db37113032a1a25c72b8c6743, on @user_script:1.",
      ),
    ],
    [
      "return type(loadfile)",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'loadfile' script: dc6fbc079d0e6ef2af8c376dda4f3d362fa30d87, on @user_script:1.",
      ),
    ],
    [
      "return type(package)",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'package' script: 9d2e094dbe8b2fe1613bf6e8e2abe7b98d1569b8, on @user_script:1.",
      ),
    ],
    [
      "return type(debug)",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'debug' script: 21bcbd6f0f3639ee18732cb6907e65a4859b9625, on @user_script:1.",
      ),
    ],
    [
      "return type(utf8)",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'utf8' script: 73260d3a0239e3f969f7fc155c7d3a2d0031d70e, on @user_script:1.",
      ),
    ],
    [
      "return string.sub(tostring(print or tostring), 1, 10)",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'print' script: d71030ea2fa1c6e55c922f661ae9c2e04e5e8844, on @user_script:1.",
      ),
    ],
    [
      "return {pcall(rawset, _G, 'x', 1)}",
      r.arr(r.nil, r.bulk("Attempt to modify a readonly table")),
    ],
    [
      "return {pcall(setmetatable, _G, {})}",
      r.arr(r.nil, r.bulk("Attempt to modify a readonly table")),
    ],
    [
      "return {pcall(function() string.upper = nil end)}",
      r.arr(r.nil, r.bulk("user_script:1: Attempt to modify a readonly table")),
    ],
    [
      "return {pcall(function() getmetatable('').__index = nil end)}",
      r.arr(r.nil, r.bulk("user_script:1: Attempt to modify a readonly table")),
    ],
    [
      "return {pcall(function() x = 1 end)}",
      r.arr(r.nil, r.bulk("user_script:1: Attempt to modify a readonly table")),
    ],
    [
      "return {pcall(function() return undefined_var end)}",
      r.arr(
        r.nil,
        r.bulk(
          "user_script:1: Script attempted to access nonexistent global variable 'undefined_var'",
        ),
      ),
    ],
    [
      "return {pcall(function() _G.y = 1 end)}",
      r.arr(r.nil, r.bulk("user_script:1: Attempt to modify a readonly table")),
    ],
    [
      "return {pcall(function() redis.call = nil end)}",
      r.arr(r.nil, r.bulk("user_script:1: Attempt to modify a readonly table")),
    ],
    [
      "return {pcall(function() cjson.encode = nil end)}",
      r.arr(r.nil, r.bulk("user_script:1: Attempt to modify a readonly table")),
    ],
    [
      "return {pcall(function() KEYS = 1 end)}",
      r.arr(r.nil, r.bulk("user_script:1: Attempt to modify a readonly table")),
    ],
    ["return rawget(_G, 'undefined_var')", r.nil],
    ["return type(_G)", r.bulk("table")],
    ["return type(_G._G)", r.bulk("table")],
    ["local n = 0 for k in pairs(_G) do n = n + 1 end return n", r.int(35)],
    [
      "local t = {} for k in pairs(_G) do t[#t+1] = k end table.sort(t) return t",
      r.arr(
        r.bulk("ARGV"),
        r.bulk("KEYS"),
        r.bulk("_G"),
        r.bulk("_VERSION"),
        r.bulk("__redis__err__handler"),
        r.bulk("assert"),
        r.bulk("bit"),
        r.bulk("cjson"),
        r.bulk("cmsgpack"),
        r.bulk("collectgarbage"),
        r.bulk("coroutine"),
        r.bulk("error"),
        r.bulk("gcinfo"),
        r.bulk("getmetatable"),
        r.bulk("ipairs"),
        r.bulk("load"),
        r.bulk("loadstring"),
        r.bulk("math"),
        r.bulk("next"),
        r.bulk("pairs"),
        r.bulk("pcall"),
        r.bulk("rawequal"),
        r.bulk("rawget"),
        r.bulk("rawset"),
        r.bulk("redis"),
        r.bulk("select"),
        r.bulk("setmetatable"),
        r.bulk("string"),
        r.bulk("struct"),
        r.bulk("table"),
        r.bulk("tonumber"),
        r.bulk("tostring"),
        r.bulk("type"),
        r.bulk("unpack"),
        r.bulk("xpcall"),
      ),
    ],
    [
      "local t = {} for k in pairs(string) do t[#t+1] = k end table.sort(t) return t",
      r.arr(
        r.bulk("byte"),
        r.bulk("char"),
        r.bulk("dump"),
        r.bulk("find"),
        r.bulk("format"),
        r.bulk("gfind"),
        r.bulk("gmatch"),
        r.bulk("gsub"),
        r.bulk("len"),
        r.bulk("lower"),
        r.bulk("match"),
        r.bulk("rep"),
        r.bulk("reverse"),
        r.bulk("sub"),
        r.bulk("upper"),
      ),
    ],
    [
      "local t = {} for k in pairs(table) do t[#t+1] = k end table.sort(t) return t",
      r.arr(
        r.bulk("concat"),
        r.bulk("foreach"),
        r.bulk("foreachi"),
        r.bulk("getn"),
        r.bulk("insert"),
        r.bulk("maxn"),
        r.bulk("remove"),
        r.bulk("setn"),
        r.bulk("sort"),
      ),
    ],
    [
      "local t = {} for k in pairs(math) do t[#t+1] = k end table.sort(t) return t",
      r.arr(
        r.bulk("abs"),
        r.bulk("acos"),
        r.bulk("asin"),
        r.bulk("atan"),
        r.bulk("atan2"),
        r.bulk("ceil"),
        r.bulk("cos"),
        r.bulk("cosh"),
        r.bulk("deg"),
        r.bulk("exp"),
        r.bulk("floor"),
        r.bulk("fmod"),
        r.bulk("frexp"),
        r.bulk("huge"),
        r.bulk("ldexp"),
        r.bulk("log"),
        r.bulk("log10"),
        r.bulk("max"),
        r.bulk("min"),
        r.bulk("mod"),
        r.bulk("modf"),
        r.bulk("pi"),
        r.bulk("pow"),
        r.bulk("rad"),
        r.bulk("random"),
        r.bulk("randomseed"),
        r.bulk("sin"),
        r.bulk("sinh"),
        r.bulk("sqrt"),
        r.bulk("tan"),
        r.bulk("tanh"),
      ),
    ],
    [
      "local t = {} for k in pairs(redis) do t[#t+1] = k end table.sort(t) return t",
      r.arr(
        r.bulk("LOG_DEBUG"),
        r.bulk("LOG_NOTICE"),
        r.bulk("LOG_VERBOSE"),
        r.bulk("LOG_WARNING"),
        r.bulk("REDIS_VERSION"),
        r.bulk("REDIS_VERSION_NUM"),
        r.bulk("REPL_ALL"),
        r.bulk("REPL_AOF"),
        r.bulk("REPL_NONE"),
        r.bulk("REPL_REPLICA"),
        r.bulk("REPL_SLAVE"),
        r.bulk("acl_check_cmd"),
        r.bulk("breakpoint"),
        r.bulk("call"),
        r.bulk("debug"),
        r.bulk("error_reply"),
        r.bulk("log"),
        r.bulk("pcall"),
        r.bulk("replicate_commands"),
        r.bulk("set_repl"),
        r.bulk("setresp"),
        r.bulk("sha1hex"),
        r.bulk("status_reply"),
      ),
    ],
    [
      "local t = {} for k in pairs(coroutine) do t[#t+1] = k end table.sort(t) return t",
      r.arr(
        r.bulk("create"),
        r.bulk("resume"),
        r.bulk("running"),
        r.bulk("status"),
        r.bulk("wrap"),
        r.bulk("yield"),
      ),
    ],
    [
      "local t = {} for k in pairs(bit) do t[#t+1] = k end table.sort(t) return t",
      r.arr(
        r.bulk("arshift"),
        r.bulk("band"),
        r.bulk("bnot"),
        r.bulk("bor"),
        r.bulk("bswap"),
        r.bulk("bxor"),
        r.bulk("lshift"),
        r.bulk("rol"),
        r.bulk("ror"),
        r.bulk("rshift"),
        r.bulk("tobit"),
        r.bulk("tohex"),
      ),
    ],
    [
      "local t = {} for k in pairs(struct) do t[#t+1] = k end table.sort(t) return t",
      r.arr(r.bulk("pack"), r.bulk("size"), r.bulk("unpack")),
    ],
    [
      "local t = {} for k in pairs(cmsgpack) do t[#t+1] = k end table.sort(t) return t",
      r.arr(
        r.bulk("_COPYRIGHT"),
        r.bulk("_DESCRIPTION"),
        r.bulk("_NAME"),
        r.bulk("_VERSION"),
        r.bulk("pack"),
        r.bulk("unpack"),
        r.bulk("unpack_limit"),
        r.bulk("unpack_one"),
      ),
    ],
    ["return _VERSION", r.bulk("Lua 5.1")],
    ["return type(getmetatable(_G))", r.bulk("table")],
    ["return type(getmetatable(''))", r.bulk("table")],
    ["return getmetatable('').__index == string", r.int(1)],
    [
      "return {pcall(function() local mt = getmetatable(_G); mt.__index = nil end)}",
      r.arr(r.nil, r.bulk("user_script:1: Attempt to modify a readonly table")),
    ],
    [
      "return {pcall(function() rawset(string, 'x', 1) end)}",
      r.arr(r.nil, r.bulk("Attempt to modify a readonly table")),
    ],
    [
      "return {pcall(function() string.x = 1 end)}",
      r.arr(r.nil, r.bulk("user_script:1: Attempt to modify a readonly table")),
    ],
    [
      "return {pcall(function() table.insert(KEYS, 'x') return #KEYS end)}",
      r.arr(r.int(1), r.int(1)),
    ],
    ["return {pcall(function() ARGV[1] = 'x' return ARGV[1] end)}", r.arr(r.int(1), r.bulk("x"))],
    [
      "local f = loadstring('x = 5') return {pcall(f)}",
      r.arr(r.nil, r.bulk('[string "x = 5"]:1: Attempt to modify a readonly table')),
    ],
    [
      "local f = loadstring('return y') return {pcall(f)}",
      r.arr(
        r.nil,
        r.bulk(
          "[string \"return y\"]:1: Script attempted to access nonexistent global variable 'y'",
        ),
      ),
    ],
    [
      "return {pcall(newproxy)}",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'newproxy' script: 14f2358f22acaa65f08e1a22294bb3c82af05602, on @user_script:1.",
      ),
    ],
    [
      "return type(newproxy(true))",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'newproxy' script: a1031f4692bd78985fe4c675fb9f645c34c0738d, on @user_script:1.",
      ),
    ],
    [
      "return {pcall(getfenv, 1)}",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'getfenv' script: 9a474f122b2a08db27128e3b68c6a1a689c4889a, on @user_script:1.",
      ),
    ],
    [
      "return type(getfenv(0))",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'getfenv' script: 8a55885bd13f0dcd663ef3b94036f4a64daeea78, on @user_script:1.",
      ),
    ],
    [
      "return getfenv(0) == _G",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'getfenv' script: d1163fc9cbdbbb464ae54a152abcdc27e60c82d1, on @user_script:1.",
      ),
    ],
    [
      "return {pcall(setfenv, 1, {})}",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'setfenv' script: de63e1f62b489fe9c1a0c4e77f43a0d676e8f70c, on @user_script:1.",
      ),
    ],
    [
      "return rawequal(_G, getfenv(1))",
      r.err(
        "ERR user_script:1: Script attempted to access nonexistent global variable 'getfenv' script: c0aec4714ae4c15e00f84e3652e1d6abf84f498a, on @user_script:1.",
      ),
    ],
  ] as const)("%s", ([script, expected], { expect }) => {
    expect(evalReply(script)).toEqual(expected);
  });
});

/**
 * The `struct` library of Redis's Lua (deps/lua/src/lua_struct.c, Roberto Ierusalimschy's struct.c
 * 1.7), for an LP64 x86_64 server: `l`, `L` and `T` are 8 bytes, `i` is 4, native order is little
 * endian, the maximum alignment is 8. Sizes above 8 bytes for `i`/`I` reproduce x86's shift-count
 * masking where the C code shifts past 64 bits.
 */
export const STRUCT_LUA = String.raw`
local H = ...
local CALLER = H.CALLER
local error_, pcall_, type, select, tonumber_ = H.error, H.pcall, type, select, H.tonumber
local normalize, truncate, number_tostring = H.normalize, H.truncate, H.number_tostring
local string_pack, string_unpack = H.string_pack, H.string_unpack
local string_sub, string_byte, string_char, string_find, string_rep = H.string_sub, H.string_byte, H.string_char, H.string_find, H.string_rep
local table_concat, table_unpack, math_tointeger, math_mininteger = H.table_concat, H.table_unpack, H.math_tointeger, H.math_mininteger
local string_lower = string.lower

local MAXINTSIZE = 32
local MAXALIGN = 8
local FAIL = {}

local function fail(message)
  error_({ [FAIL] = message }, 0)
end

-- luaL_typename of argument 'arg' among 'count' arguments.
local function got(arg, count, v)
  if arg > count then return "no value" end
  return type(v)
end

local function argerror(name, arg, message)
  fail("bad argument #" .. arg .. " to '" .. name .. "' (" .. message .. ")")
end

local function isdigit(c)
  return c ~= nil and c >= 48 and c <= 57
end

-- The format is a C string: it ends at the first NUL byte.
local function cstring(name, arg, count, v)
  local t = type(v)
  if t == "number" then
    v = number_tostring(v)
  elseif t ~= "string" then
    argerror(name, arg, "string expected, got " .. got(arg, count, v))
  end
  local nul = string_find(v, "\0", 1, true)
  if nul ~= nil then v = string_sub(v, 1, nul - 1) end
  return v
end

local function ispower2(x)
  return x > 0 and (x & (x - 1)) == 0
end

-- A parser over the format: the next option and its size (optsize).
local function reader(fmt)
  local r = { fmt = fmt, i = 1, endian = "<", align = 1 }
  function r.getnum(default)
    local c = string_byte(fmt, r.i)
    if not isdigit(c) then return default end
    local a = 0
    repeat
      if a > 214748364 or a * 10 > 2147483647 - (c - 48) then fail("integral size overflow") end
      a = a * 10 + (c - 48)
      r.i = r.i + 1
      c = string_byte(fmt, r.i)
    until not isdigit(c)
    return a
  end
  function r.option()
    local opt = string_sub(fmt, r.i, r.i)
    r.i = r.i + 1
    local size
    if opt == "b" or opt == "B" or opt == "x" then
      size = 1
    elseif opt == "h" or opt == "H" then
      size = 2
    elseif opt == "l" or opt == "L" or opt == "T" or opt == "d" then
      size = 8
    elseif opt == "f" then
      size = 4
    elseif opt == "c" then
      size = r.getnum(1)
    elseif opt == "i" or opt == "I" then
      size = r.getnum(4)
      if size > MAXINTSIZE then
        fail("integral size " .. size .. " is larger than limit of " .. MAXINTSIZE)
      end
    else
      size = 0
    end
    return opt, size
  end
  function r.toalign(len, opt, size)
    if size == 0 or opt == "c" then return 0 end
    if size > r.align then size = r.align end
    return (size - (len & (size - 1))) & (size - 1)
  end
  function r.control(name, opt)
    if opt == " " then return end
    if opt == ">" or opt == "<" then
      r.endian = opt
      return
    end
    if opt == "!" then
      local a = r.getnum(MAXALIGN)
      if not ispower2(a) then fail("alignment " .. a .. " is not a power of 2") end
      r.align = a
      return
    end
    argerror(name, 1, "invalid format option '" .. opt .. "'")
  end
  return r
end

local function isinteger_option(opt)
  return opt == "b" or opt == "B" or opt == "h" or opt == "H" or opt == "l" or opt == "L"
    or opt == "T" or opt == "i" or opt == "I"
end

-- putinteger: (Inttype)n for negatives, (Uinttype)n otherwise, then 'size' bytes.
local function integer_bytes(n, size, endian)
  local value
  if n < 0 then
    value = n <= -9223372036854775808.0 and math_mininteger or math_tointeger(truncate(n))
  elseif n >= 18446744073709551616.0 then
    value = 0
  elseif n >= 9223372036854775808.0 then
    value = math_tointeger(truncate(n - 18446744073709551616.0))
  else
    value = math_tointeger(truncate(n))
  end
  local bytes = {}
  for i = 1, size do
    bytes[i] = value & 0xff
    value = value >> 8
  end
  if endian == ">" then
    local reversed = {}
    for i = 1, size do reversed[i] = bytes[size - i + 1] end
    bytes = reversed
  end
  return string_char(table_unpack(bytes, 1, size))
end

local function pack(...)
  local count = select("#", ...)
  local fmt = cstring("pack", 1, count, (...))
  local args = { ... }
  local r = reader(fmt)
  local out = {}
  local arg = 2
  local total = 0
  while r.i <= #fmt do
    local opt, size = r.option()
    local toalign = r.toalign(total, opt, size)
    total = total + toalign
    if toalign > 0 then out[#out + 1] = string_rep("\0", toalign) end
    if isinteger_option(opt) or opt == "f" or opt == "d" then
      local n = tonumber_(args[arg])
      if n == nil then argerror("pack", arg, "number expected, got " .. got(arg, count, args[arg])) end
      arg = arg + 1
      if opt == "f" then
        out[#out + 1] = string_pack(r.endian .. "f", n)
      elseif opt == "d" then
        out[#out + 1] = string_pack(r.endian .. "d", n)
      else
        out[#out + 1] = integer_bytes(n, size, r.endian)
      end
    elseif opt == "x" then
      out[#out + 1] = "\0"
    elseif opt == "c" or opt == "s" then
      local s = args[arg]
      local t = type(s)
      if t == "number" then
        s = number_tostring(s)
      elseif t ~= "string" then
        argerror("pack", arg, "string expected, got " .. got(arg, count, s))
      end
      arg = arg + 1
      if size == 0 then size = #s end
      if #s < size then argerror("pack", arg, "string too short") end
      out[#out + 1] = string_sub(s, 1, size)
      if opt == "s" then
        out[#out + 1] = "\0"
        size = size + 1
      end
    else
      r.control("pack", opt)
    end
    total = total + size
  end
  return table_concat(out)
end

-- getinteger, with x86's masking of shift counts past 63 for sizes above 8 bytes.
local function integer_value(data, pos, size, endian, issigned)
  local l = 0
  for i = 0, size - 1 do
    local byte
    if endian == ">" then
      byte = string_byte(data, pos + size - i)
    else
      byte = string_byte(data, pos + 1 + i)
    end
    l = l | (byte << ((i * 8) % 64))
  end
  if issigned then
    local mask = -1 << ((size * 8 - 1) % 64)
    if l & mask ~= 0 then l = l | mask end
  elseif l < 0 then
    return l + 18446744073709551616.0
  end
  -- Lua 5.1 numbers are doubles: beyond 2^53 the value is rounded as Redis rounds it.
  if l > -9007199254740992 and l < 9007199254740992 then return l end
  return l + 0.0
end

local function unpack(...)
  local count = select("#", ...)
  local a, b, c = ...
  local fmt = cstring("unpack", 1, count, a)
  local data = b
  if type(data) == "number" then
    data = number_tostring(data)
  elseif type(data) ~= "string" then
    argerror("unpack", 2, "string expected, got " .. got(2, count, data))
  end
  local pos = 1
  if c ~= nil then
    pos = tonumber_(c)
    if pos == nil then argerror("unpack", 3, "number expected, got " .. type(c)) end
    pos = truncate(pos)
  end
  if pos <= 0 then argerror("unpack", 3, "offset must be 1 or greater") end
  pos = pos - 1
  local ld = #data
  local results = {}
  local n = 0
  local r = reader(fmt)
  while r.i <= #fmt do
    local opt, size = r.option()
    pos = pos + r.toalign(pos, opt, size)
    if not (size <= ld and pos <= ld - size) then argerror("unpack", 2, "data string too short") end
    if isinteger_option(opt) then
      n = n + 1
      results[n] = integer_value(data, pos, size, r.endian, opt == string_lower(opt))
    elseif opt == "f" then
      n = n + 1
      results[n] = normalize((string_unpack(r.endian .. "f", data, pos + 1)))
    elseif opt == "d" then
      n = n + 1
      results[n] = normalize((string_unpack(r.endian .. "d", data, pos + 1)))
    elseif opt == "c" then
      if size == 0 then
        local previous = n > 0 and tonumber_(results[n]) or nil
        if previous == nil then fail("format 'c0' needs a previous size") end
        size = truncate(previous)
        results[n] = nil
        n = n - 1
        if not (size <= ld and pos <= ld - size) then argerror("unpack", 2, "data string too short") end
      end
      n = n + 1
      results[n] = string_sub(data, pos + 1, pos + size)
    elseif opt == "s" then
      local nul = string_find(data, "\0", pos + 1, true)
      if nul == nil then fail("unfinished string in data") end
      size = nul - pos
      n = n + 1
      results[n] = string_sub(data, pos + 1, nul - 1)
    elseif opt ~= "x" then
      r.control("unpack", opt)
    end
    pos = pos + size
  end
  n = n + 1
  results[n] = pos + 1
  return table_unpack(results, 1, n)
end

local function size(...)
  local fmt = cstring("size", 1, select("#", ...), (...))
  local r = reader(fmt)
  local pos = 0
  while r.i <= #fmt do
    local opt, sz = r.option()
    pos = pos + r.toalign(pos, opt, sz)
    if opt == "s" then
      argerror("size", 1, "option 's' has no fixed size")
    elseif opt == "c" and sz == 0 then
      argerror("size", 1, "option 'c0' has no fixed size")
    end
    if not string_find(opt, "^%w$") then r.control("size", opt) end
    pos = pos + sz
  end
  return pos
end

-- Errors are raised from the entry point, so they carry the script's position.
local function finish(ok, ...)
  if ok then return ... end
  local e = ...
  if type(e) == "table" and e[FAIL] ~= nil then return error_(e[FAIL], CALLER) end
  return error_(e, 0)
end

return {
  pack = function(...) return finish(pcall_(pack, ...)) end,
  unpack = function(...) return finish(pcall_(unpack, ...)) end,
  size = function(...) return finish(pcall_(size, ...)) end,
}
`;

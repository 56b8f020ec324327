/**
 * The `cmsgpack` library of Redis's Lua: lua-cmsgpack 0.4.0 (deps/lua/src/lua_cmsgpack.c) as
 * compiled for Lua 5.1, in Lua. Numbers that are whole and fit int64 are packed as the smallest
 * integer encoding, others as float32 when exact, else float64; tables whose keys are exactly 1..n
 * (n at most 2^31-1) are arrays, others maps; tables nested 16 deep pack as nil; strings use
 * fixstr/str8/str16/str32.
 *
 * Maps are packed in the VM's table order (Lua 5.4's, not 5.1's), so a map with several keys may
 * come out in another order than Redis's.
 */
export const CMSGPACK_LUA = String.raw`
local H = ...
local CALLER = H.CALLER
local error_, pcall_, type, select, next_ = H.error, H.pcall, type, select, H.next
local normalize, number_tostring = H.normalize, H.number_tostring
local string_pack, string_unpack = H.string_pack, H.string_unpack
local string_sub, string_byte, string_char = H.string_sub, H.string_byte, H.string_char
local table_concat, table_unpack, math_floor, math_tointeger = H.table_concat, H.table_unpack, H.math_floor, H.math_tointeger
local rawlen_, rawget_, tonumber_ = H.rawlen, H.rawget, H.tonumber
local huge = math.huge

local MAX_NESTING = 16
local FAIL, FAIL_RAW = {}, {}
local function fail(message)
  error_({ [FAIL] = message }, 0)
end

-- An error Lua itself raises inside the C function, without a position.
local function fail_raw(message)
  error_({ [FAIL_RAW] = message }, 0)
end

-- Encoding --------------------------------------------------------------------------------------------------

local function encode_int(n, out)
  if n >= 0 then
    if n <= 127 then
      out[#out + 1] = string_char(n)
    elseif n <= 0xff then
      out[#out + 1] = string_char(0xcc, n)
    elseif n <= 0xffff then
      out[#out + 1] = string_pack(">BI2", 0xcd, n)
    elseif n <= 0xffffffff then
      out[#out + 1] = string_pack(">BI4", 0xce, n)
    else
      out[#out + 1] = string_pack(">Bi8", 0xcf, n)
    end
  else
    if n >= -32 then
      out[#out + 1] = string_char(n & 0xff)
    elseif n >= -128 then
      out[#out + 1] = string_pack(">Bi1", 0xd0, n)
    elseif n >= -32768 then
      out[#out + 1] = string_pack(">Bi2", 0xd1, n)
    elseif n >= -2147483648 then
      out[#out + 1] = string_pack(">Bi4", 0xd2, n)
    else
      out[#out + 1] = string_pack(">Bi8", 0xd3, n)
    end
  end
end

local function encode_number(n, out)
  -- IS_INT64_EQUIVALENT: not infinite, and (int64_t)n == n.
  if n == n and n ~= huge and n ~= -huge and n >= -9223372036854775808.0 and n < 9223372036854775808.0
      and math_floor(n) == n then
    encode_int(math_tointeger(n), out)
    return
  end
  local single = string_pack(">f", n)
  local back = string_unpack(">f", single)
  if back == n then
    out[#out + 1] = "\202" .. single
  else
    out[#out + 1] = "\203" .. string_pack(">d", n)
  end
end

local function encode_string(s, out)
  local len = #s
  if len < 32 then
    out[#out + 1] = string_char(0xa0 | len)
  elseif len <= 0xff then
    out[#out + 1] = string_char(0xd9, len)
  elseif len <= 0xffff then
    out[#out + 1] = string_pack(">BI2", 0xda, len)
  else
    out[#out + 1] = string_pack(">BI4", 0xdb, len)
  end
  out[#out + 1] = s
end

-- table_is_an_array: every key a number that is a whole int >= 1, and the largest equals the count.
local function is_array(t)
  local count, max = 0, 0
  for k in next_, t do
    if type(k) ~= "number" or k <= 0 or k ~= math_floor(k) or k > 2147483647 then return false end
    if k > max then max = k end
    count = count + 1
  end
  return max == count
end

local encode_value

local function encode_table(t, level, out)
  if is_array(t) then
    local len = rawlen_(t)
    if len <= 15 then
      out[#out + 1] = string_char(0x90 | len)
    elseif len <= 0xffff then
      out[#out + 1] = string_pack(">BI2", 0xdc, len)
    else
      out[#out + 1] = string_pack(">BI4", 0xdd, len)
    end
    for i = 1, len do encode_value(rawget_(t, i), level + 1, out) end
    return
  end
  local len = 0
  for _ in next_, t do len = len + 1 end
  if len <= 15 then
    out[#out + 1] = string_char(0x80 | len)
  elseif len <= 0xffff then
    out[#out + 1] = string_pack(">BI2", 0xde, len)
  else
    out[#out + 1] = string_pack(">BI4", 0xdf, len)
  end
  for k, v in next_, t do
    encode_value(k, level + 1, out)
    encode_value(v, level + 1, out)
  end
end

encode_value = function(v, level, out)
  local t = type(v)
  if t == "table" and level == MAX_NESTING then t = "nil" end
  if t == "string" then
    encode_string(v, out)
  elseif t == "boolean" then
    out[#out + 1] = v and "\195" or "\194"
  elseif t == "number" then
    encode_number(v, out)
  elseif t == "table" then
    encode_table(v, level, out)
  else
    out[#out + 1] = "\192"
  end
end

-- Decoding --------------------------------------------------------------------------------------------------

local EOF, BADFMT = 1, 2

local function decoder(data, offset)
  return { data = data, pos = offset + 1, left = #data - offset, err = nil }
end

local decode_value

local function need(c, n)
  if c.left < n then
    c.err = EOF
    return false
  end
  return true
end

local function consume(c, n)
  c.pos = c.pos + n
  c.left = c.left - n
end

local function decode_array(c, len)
  local t = {}
  for i = 1, len do
    local v = decode_value(c)
    if c.err then return t end
    t[i] = v
  end
  return t
end

local function decode_map(c, len)
  local t = {}
  for _ = 1, len do
    local k = decode_value(c)
    if c.err then return t end
    local v = decode_value(c)
    if c.err then return t end
    if k == nil then fail_raw("table index is nil") end
    if k ~= k then fail_raw("table index is NaN") end
    t[k] = v
  end
  return t
end

local function read(c, format, size)
  if not need(c, 1 + size) then return nil end
  local v = string_unpack(format, c.data, c.pos + 1)
  consume(c, 1 + size)
  return v
end

local function read_string(c, header, lengthSize)
  if not need(c, header) then return nil end
  local len = lengthSize == 0 and (string_byte(c.data, c.pos) & 0x1f)
    or string_unpack(lengthSize == 1 and ">I1" or lengthSize == 2 and ">I2" or ">I4", c.data, c.pos + 1)
  if not need(c, header + len) then return nil end
  local s = string_sub(c.data, c.pos + header, c.pos + header + len - 1)
  consume(c, header + len)
  return s
end

local function read_length(c, size)
  if not need(c, 1 + size) then return nil end
  local len = string_unpack(size == 2 and ">I2" or ">I4", c.data, c.pos + 1)
  consume(c, 1 + size)
  return len
end

-- Integers come back as numbers as 5.1 holds them: exact up to 2^53, rounded beyond.
local function as_number(n)
  if n > 9007199254740992 or n < -9007199254740992 then return n + 0.0 end
  return n
end

decode_value = function(c)
  if not need(c, 1) then return nil end
  local b = string_byte(c.data, c.pos)
  if b == 0xcc then return read(c, ">I1", 1) end
  if b == 0xd0 then return read(c, ">i1", 1) end
  if b == 0xcd then return read(c, ">I2", 2) end
  if b == 0xd1 then return read(c, ">i2", 2) end
  if b == 0xce then return read(c, ">I4", 4) end
  if b == 0xd2 then return read(c, ">i4", 4) end
  if b == 0xcf then
    local v = read(c, ">i8", 8)
    if v == nil then return nil end
    if v < 0 then return v + 18446744073709551616.0 end
    return as_number(v)
  end
  if b == 0xd3 then
    local v = read(c, ">i8", 8)
    if v == nil then return nil end
    return as_number(v)
  end
  if b == 0xc0 then
    consume(c, 1)
    return nil
  end
  if b == 0xc3 then
    consume(c, 1)
    return true
  end
  if b == 0xc2 then
    consume(c, 1)
    return false
  end
  if b == 0xca then
    local v = read(c, ">f", 4)
    return v ~= nil and normalize(v) or nil
  end
  if b == 0xcb then
    local v = read(c, ">d", 8)
    return v ~= nil and normalize(v) or nil
  end
  if b == 0xd9 then return read_string(c, 2, 1) end
  if b == 0xda then return read_string(c, 3, 2) end
  if b == 0xdb then return read_string(c, 5, 4) end
  if b == 0xdc or b == 0xdd then
    local len = read_length(c, b == 0xdc and 2 or 4)
    if len == nil then return nil end
    return decode_array(c, len)
  end
  if b == 0xde or b == 0xdf then
    local len = read_length(c, b == 0xde and 2 or 4)
    if len == nil then return nil end
    return decode_map(c, len)
  end
  if b & 0x80 == 0 then
    consume(c, 1)
    return b
  end
  if b & 0xe0 == 0xe0 then
    consume(c, 1)
    return b - 256
  end
  if b & 0xe0 == 0xa0 then return read_string(c, 1, 0) end
  if b & 0xf0 == 0x90 then
    consume(c, 1)
    return decode_array(c, b & 0x0f)
  end
  if b & 0xf0 == 0x80 then
    consume(c, 1)
    return decode_map(c, b & 0x0f)
  end
  c.err = BADFMT
  return nil
end

-- The library -----------------------------------------------------------------------------------------------

local function got(arg, count, v)
  if arg > count then return "no value" end
  return type(v)
end

local function argerror(name, arg, message)
  fail("bad argument #" .. arg .. " to '" .. name .. "' (" .. message .. ")")
end

local function finish(ok, ...)
  if ok then return ... end
  local e = ...
  if type(e) == "table" and e[FAIL] ~= nil then return error_(e[FAIL], CALLER) end
  if type(e) == "table" and e[FAIL_RAW] ~= nil then return error_(e[FAIL_RAW], 0) end
  return error_(e, 0)
end

local function integer_arg(name, arg, count, v)
  local n = tonumber_(v)
  if n == nil then argerror(name, arg, "number expected, got " .. got(arg, count, v)) end
  if n >= 0 then return math_floor(n) end
  return -math_floor(-n)
end

-- mp_unpack_full: 'limit' values from 'offset'; with either set, the next offset comes first
-- (-1 once the input is used up).
local function unpack_full(name, count, s, limit, offset)
  local t = type(s)
  if t == "number" then
    s = number_tostring(s)
  elseif t ~= "string" then
    argerror(name, 1, "string expected, got " .. got(1, count, s))
  end
  local len = #s
  local decode_all = limit == 0 and offset == 0
  if offset < 0 or limit < 0 then
    fail("Invalid request to unpack with offset of " .. offset .. " and limit of " .. len .. ".")
  elseif offset > len then
    fail("Start offset " .. offset .. " greater than input length " .. len .. ".")
  end
  if decode_all then limit = 2147483647 end
  local c = decoder(s, offset)
  local results = {}
  local n = 0
  while c.left > 0 and n < limit do
    local v = decode_value(c)
    if c.err == EOF then fail("Missing bytes in input.") end
    if c.err == BADFMT then fail("Bad data format in input.") end
    n = n + 1
    results[n] = v
  end
  if not decode_all then
    return c.left == 0 and -1 or len - c.left, table_unpack(results, 1, n)
  end
  return table_unpack(results, 1, n)
end

local cmsgpack = {
  _NAME = "cmsgpack",
  _VERSION = "lua-cmsgpack 0.4.0",
  _COPYRIGHT = "Copyright (C) 2012, Salvatore Sanfilippo",
  _DESCRIPTION = "MessagePack C implementation for Lua",
}

function cmsgpack.pack(...)
  return finish(pcall_(function(...)
    local count = select("#", ...)
    if count == 0 then argerror("pack", 0, "MessagePack pack needs input.") end
    local args = { ... }
    local out = {}
    for i = 1, count do encode_value(args[i], 0, out) end
    return table_concat(out)
  end, ...))
end

function cmsgpack.unpack(...)
  local count = select("#", ...)
  local s = ...
  return finish(pcall_(unpack_full, "unpack", count, s, 0, 0))
end

function cmsgpack.unpack_one(...)
  local count = select("#", ...)
  local s, offset = ...
  return finish(pcall_(function()
    local o = 0
    if count >= 2 and offset ~= nil then o = integer_arg("unpack_one", 2, count, offset) end
    return unpack_full("unpack_one", count, s, 1, o)
  end))
end

function cmsgpack.unpack_limit(...)
  local count = select("#", ...)
  local s, limit, offset = ...
  return finish(pcall_(function()
    local l = integer_arg("unpack_limit", 2, count, limit)
    local o = 0
    if count >= 3 and offset ~= nil then o = integer_arg("unpack_limit", 3, count, offset) end
    return unpack_full("unpack_limit", count, s, l, o)
  end))
end

return cmsgpack
`;

/**
 * The `bit` library of Redis's Lua: LuaBitOp 1.0.2 (deps/lua/src/lua_bit.c), on 5.4 integers.
 * Arguments are normalised as `barg` does: the number plus 2^52+2^51, whose low 32 bits are the
 * result, which rounds half to even and wraps modulo 2^32 (reproduced exactly by reading the
 * double's bit pattern). Results are signed 32-bit numbers.
 */
export const BIT_LUA = `
local H = ...
local CALLER = H.CALLER
local error_, type, select, tonumber_ = H.error, type, select, H.tonumber
local string_pack, string_unpack, string_sub = H.string_pack, H.string_unpack, H.string_sub
local table_concat = H.table_concat

local MAGIC = 6755399441055744.0 -- 2^52 + 2^51

-- barg: the low 32 bits of (n + 2^52 + 2^51), or nil when the argument is not a number.
local function barg(v)
  local n = tonumber_(v)
  if n == nil then return nil end
  return (string_unpack("<I4", string_pack("<d", n + MAGIC)))
end

local function signed(b)
  b = b & 0xffffffff
  if b >= 0x80000000 then return b - 0x100000000 end
  return b
end

local function bad(name, i, count, v)
  local got = i > count and "no value" or type(v)
  return "bad argument #" .. i .. " to '" .. name .. "' (number expected, got " .. got .. ")"
end

local bit = {}

function bit.tobit(...)
  local b = barg((...))
  if b == nil then return error_(bad("tobit", 1, select("#", ...), (...)), CALLER) end
  return signed(b)
end

function bit.bnot(...)
  local b = barg((...))
  if b == nil then return error_(bad("bnot", 1, select("#", ...), (...)), CALLER) end
  return signed(~b)
end

function bit.bswap(...)
  local b = barg((...))
  if b == nil then return error_(bad("bswap", 1, select("#", ...), (...)), CALLER) end
  return signed(((b >> 24) & 0xff) | ((b >> 8) & 0xff00) | ((b & 0xff00) << 8) | ((b & 0xff) << 24))
end

-- band/bor/bxor read their arguments from the last to the first, as lua_bit.c does.
local function fold(name, op)
  return function(...)
    local count = select("#", ...)
    local first = barg((...))
    if first == nil then return error_(bad(name, 1, count, (...)), CALLER) end
    local args = { ... }
    local result = first
    for i = count, 2, -1 do
      local b = barg(args[i])
      if b == nil then return error_(bad(name, i, count, args[i]), CALLER) end
      result = op(result, b)
    end
    return signed(result)
  end
end

bit.band = fold("band", function(a, b) return a & b end)
bit.bor = fold("bor", function(a, b) return a | b end)
bit.bxor = fold("bxor", function(a, b) return a ~ b end)

local function shift(name, op)
  return function(...)
    local count = select("#", ...)
    local x, n = ...
    local b = barg(x)
    if b == nil then return error_(bad(name, 1, count, x), CALLER) end
    local s = barg(n)
    if s == nil then return error_(bad(name, 2, count, n), CALLER) end
    return signed(op(b, s & 31))
  end
end

bit.lshift = shift("lshift", function(b, n) return b << n end)
bit.rshift = shift("rshift", function(b, n) return b >> n end)
bit.arshift = shift("arshift", function(b, n) return signed(b) // (1 << n) end)
bit.rol = shift("rol", function(b, n) return (b << n) | (b >> (32 - n)) end)
bit.ror = shift("ror", function(b, n) return (b >> n) | (b << (32 - n)) end)

function bit.tohex(...)
  local count = select("#", ...)
  local x, n = ...
  local b = barg(x)
  if b == nil then return error_(bad("tohex", 1, count, x), CALLER) end
  local digits = "0123456789abcdef"
  local width = 8
  if count >= 2 then
    local w = barg(n)
    if w == nil then return error_(bad("tohex", 2, count, n), CALLER) end
    width = signed(w)
  end
  if width < 0 then
    width = -width
    digits = "0123456789ABCDEF"
  end
  if width > 8 then width = 8 end
  local out = {}
  for i = width, 1, -1 do
    local d = (b & 15) + 1
    out[i] = string_sub(digits, d, d)
    b = b >> 4
  end
  return table_concat(out, "", 1, width)
end

return bit
`;

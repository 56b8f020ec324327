/**
 * The `cjson` library of Redis's Lua: Lua CJSON 2.1.0 (deps/lua/src/lua_cjson.c) with Redis's
 * additions (`decode_max_depth`, and Redis 8.2's `decode_array_with_array_mt`, redis/redis#14296),
 * in Lua. Tokens, error texts ("Expected comma or array end but found T_END at character 5"),
 * sparse-array rules, "%.14g" numbers and the configuration functions follow the C code.
 *
 * Objects are encoded in the VM's table order, which is Lua 5.4's and not 5.1's: objects with
 * several keys may list them in another order than Redis does.
 */
export const CJSON_LUA = String.raw`
local H = ...
local CALLER = H.CALLER
local error_, pcall_, type, select, tonumber_, next_ = H.error, H.pcall, type, select, H.tonumber, H.next
local NULL, normalize, number_tostring, proxy = H.NULL, H.normalize, H.number_tostring, H.proxy
local string_sub, string_byte, string_char, string_find = H.string_sub, H.string_byte, H.string_char, H.string_find
local string_format, table_concat, math_floor = H.string_format, H.table_concat, H.math_floor
local string_lower, string_match, string_gsub = string.lower, string.match, string.gsub
local rawlen_, rawget_, getmetatable_, setmetatable_ = H.rawlen, H.rawget, H.getmetatable, H.setmetatable
local POSITIVE_NAN = H.POSITIVE_NAN
local huge = math.huge

local FAIL = {}
local function fail(message)
  error_({ [FAIL] = message }, 0)
end

-- Redis 8.2: decoded arrays may carry this (read-only) metatable, and tables that carry it
-- encode as arrays even when empty.
local ARRAY_MT = proxy({ __is_cjson_array = true })

local function is_marked_array(t)
  local mt = getmetatable_(t)
  return mt ~= nil and mt.__is_cjson_array ~= nil and mt.__is_cjson_array ~= false
end

-- Encoding ------------------------------------------------------------------------------------------------

local ESCAPES = {}
for i = 0, 31 do ESCAPES[string_char(i)] = string_format("\\u%04x", i) end
ESCAPES["\b"], ESCAPES["\t"], ESCAPES["\n"], ESCAPES["\f"], ESCAPES["\r"] = "\\b", "\\t", "\\n", "\\f", "\\r"
ESCAPES['"'], ESCAPES["\\"], ESCAPES["/"], ESCAPES["\127"] = '\\"', "\\\\", "\\/", "\\u007f"

local function encode_string(s)
  return '"' .. (string_gsub(s, '[%c"\\/\127]', ESCAPES)) .. '"'
end

local function typename_of(v)
  local t = type(v)
  if t == "userdata" and v == NULL then return "userdata" end
  return t
end

local function encode_number(cfg, n, what)
  if n ~= n or n == huge or n == -huge then
    if cfg.encode_invalid_numbers == 0 then
      fail("Cannot serialise " .. what .. ": must not be NaN or Inf")
    elseif cfg.encode_invalid_numbers == 1 then
      if n ~= n then return "nan" end
    else
      return "null"
    end
  end
  return string_format(cfg.number_format, n)
end

-- lua_array_length: the largest key when every key is an integer >= 1, else -1.
local function array_length(cfg, t)
  local max, items = 0, 0
  for k in next_, t do
    if type(k) == "number" and k ~= 0 and math_floor(k) == k and k >= 1 then
      if k > max then max = k end
      items = items + 1
    else
      return -1
    end
  end
  if cfg.sparse_ratio > 0 and max > items * cfg.sparse_ratio and max > cfg.sparse_safe then
    if not cfg.sparse_convert then fail("Cannot serialise table: excessively sparse array") end
    return -1
  end
  return max
end

local encode_value

local function encode_table(cfg, t, depth, out)
  depth = depth + 1
  if depth > cfg.encode_max_depth then fail("Cannot serialise, excessive nesting (" .. depth .. ")") end
  local length
  if is_marked_array(t) then
    length = rawlen_(t)
    if length == 0 then
      out[#out + 1] = "[]"
      return
    end
  else
    length = array_length(cfg, t)
  end
  if length > 0 then
    out[#out + 1] = "["
    for i = 1, length do
      if i > 1 then out[#out + 1] = "," end
      encode_value(cfg, rawget_(t, i), depth, out)
    end
    out[#out + 1] = "]"
    return
  end
  out[#out + 1] = "{"
  local comma = false
  for k, v in next_, t do
    if comma then out[#out + 1] = "," else comma = true end
    local kt = type(k)
    if kt == "number" then
      out[#out + 1] = '"' .. encode_number(cfg, k, "number") .. '":'
    elseif kt == "string" then
      out[#out + 1] = encode_string(k) .. ":"
    else
      fail("Cannot serialise " .. typename_of(k) .. ": table key must be a number or string")
    end
    encode_value(cfg, v, depth, out)
  end
  out[#out + 1] = "}"
end

encode_value = function(cfg, v, depth, out)
  local t = type(v)
  if t == "string" then
    out[#out + 1] = encode_string(v)
  elseif t == "number" then
    out[#out + 1] = encode_number(cfg, v, "number")
  elseif t == "boolean" then
    out[#out + 1] = v and "true" or "false"
  elseif t == "table" then
    encode_table(cfg, v, depth, out)
  elseif t == "nil" or v == NULL then
    out[#out + 1] = "null"
  else
    fail("Cannot serialise " .. t .. ": type not supported")
  end
end

-- Decoding ------------------------------------------------------------------------------------------------

local WHITESPACE = { [32] = true, [9] = true, [10] = true, [13] = true }
local SINGLE = { [123] = "T_OBJ_BEGIN", [125] = "T_OBJ_END", [91] = "T_ARR_BEGIN", [93] = "T_ARR_END",
  [44] = "T_COMMA", [58] = "T_COLON" }
local UNKNOWN = { [102] = true, [105] = true, [73] = true, [110] = true, [78] = true, [116] = true,
  [34] = true, [43] = true, [45] = true }
for c = 48, 57 do UNKNOWN[c] = true end
local ESCAPE_CHARS = { [34] = '"', [92] = "\\", [47] = "/", [98] = "\b", [116] = "\t", [110] = "\n",
  [102] = "\f", [114] = "\r" }

local function hex4(json, at)
  local digits = string_sub(json, at, at + 3)
  if #digits < 4 or not string_find(digits, "^%x%x%x%x$") then return nil end
  return tonumber_(digits, 16)
end

local function utf8_bytes(cp)
  if cp <= 0x7f then return string_char(cp) end
  if cp <= 0x7ff then return string_char(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f)) end
  if cp <= 0xffff then
    return string_char(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f))
  end
  if cp <= 0x1fffff then
    return string_char(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f))
  end
  return nil
end

-- strtod on the text at 'at': the number and the index after it, or nil when nothing converts.
local function strtod(json, at)
  local i = at
  local sign = string_sub(json, i, i)
  if sign == "+" or sign == "-" then i = i + 1 else sign = "" end
  local lower = string_lower(string_sub(json, i, i + 7))
  if string_sub(lower, 1, 8) == "infinity" then
    return (sign == "-" and -huge or huge), i + 8
  elseif string_sub(lower, 1, 3) == "inf" then
    return (sign == "-" and -huge or huge), i + 3
  elseif string_sub(lower, 1, 3) == "nan" then
    local stop = i + 3
    local close = string_match(json, "^%([%w_]*%)()", stop)
    if close then stop = close end
    return (sign == "-" and -POSITIVE_NAN or POSITIVE_NAN), stop
  end
  if string_sub(lower, 1, 2) == "0x" then
    local mantissa, stop = string_match(json, "^(%x*%.?%x*)()", i + 2)
    if mantissa ~= "" and mantissa ~= "." then
      local exponent, after = string_match(json, "^([pP][-+]?%d+)()", stop)
      local value = tonumber_("0x" .. mantissa .. (exponent or "p0"))
      if value ~= nil then
        return (sign == "-" and -value or value), after or stop
      end
    end
    -- "0x" without hex digits: strtod reads the "0".
    return (sign == "-" and -0.0 or 0.0), i + 1
  end
  local digits, stop = string_match(json, "^(%d*%.?%d*)()", i)
  if digits == "" or digits == "." then return nil end
  local exponent, after = string_match(json, "^([eE][-+]?%d+)()", stop)
  if exponent then
    digits = digits .. exponent
    stop = after
  end
  local value = tonumber_(digits) + 0.0
  if sign == "-" then value = -value end
  return value, stop
end

-- json_is_invalid_number: what strict JSON refuses but strtod reads.
local function invalid_number(json, at)
  local c = string_byte(json, at)
  if c == 43 then return true end
  if c == 45 then
    at = at + 1
    c = string_byte(json, at)
  end
  if c == 48 then
    local c2 = string_byte(json, at + 1) or 0
    return (c2 | 0x20) == 120 or (c2 >= 48 and c2 <= 57)
  elseif c ~= nil and c <= 57 then
    return false
  end
  local word = string_lower(string_sub(json, at, at + 2))
  return word == "inf" or word == "nan"
end

local function parse_error(expected, token)
  local found = token.kind == "T_ERROR" and token.message or token.kind
  fail("Expected " .. expected .. " but found " .. found .. " at character " .. token.index)
end

local function next_token(state, token)
  local json, i = state.json, state.i
  local c = string_byte(json, i)
  while c ~= nil and WHITESPACE[c] do
    i = i + 1
    c = string_byte(json, i)
  end
  token.index = i
  token.value = nil
  state.i = i
  if c == nil or c == 0 then
    token.kind = "T_END"
    return
  end
  local single = SINGLE[c]
  if single ~= nil then
    token.kind = single
    state.i = i + 1
    return
  end
  if not UNKNOWN[c] then
    token.kind, token.message = "T_ERROR", "invalid token"
    return
  end
  if c == 34 then
    local parts = {}
    local p = i + 1
    while true do
      local start = p
      local stop = string_find(json, '["\\\0]', p)
      if stop == nil then
        parts[#parts + 1] = string_sub(json, start)
        token.kind, token.message, token.index = "T_ERROR", "unexpected end of string", #json + 1
        state.i = #json + 1
        return
      end
      parts[#parts + 1] = string_sub(json, start, stop - 1)
      local ch = string_byte(json, stop)
      if ch == 34 then
        state.i = stop + 1
        token.kind, token.value = "T_STRING", table_concat(parts)
        return
      elseif ch == 0 then
        token.kind, token.message, token.index = "T_ERROR", "unexpected end of string", stop
        state.i = stop
        return
      end
      local escape = string_byte(json, stop + 1)
      if escape == 117 then
        local cp = hex4(json, stop + 2)
        local length = 6
        if cp ~= nil and (cp & 0xf800) == 0xd800 then
          if (cp & 0x400) ~= 0 or string_sub(json, stop + 6, stop + 7) ~= "\\u" then
            cp = nil
          else
            local low = hex4(json, stop + 8)
            if low == nil or (low & 0xfc00) ~= 0xdc00 then
              cp = nil
            else
              cp = (((cp & 0x3ff) << 10) | (low & 0x3ff)) + 0x10000
              length = 12
            end
          end
        end
        local bytes = cp ~= nil and utf8_bytes(cp) or nil
        if bytes == nil then
          token.kind, token.message, token.index = "T_ERROR", "invalid unicode escape code", stop
          state.i = stop
          return
        end
        parts[#parts + 1] = bytes
        p = stop + length
      else
        local translated = escape ~= nil and ESCAPE_CHARS[escape] or nil
        if translated == nil then
          token.kind, token.message, token.index = "T_ERROR", "invalid escape code", stop
          state.i = stop
          return
        end
        parts[#parts + 1] = translated
        p = stop + 2
      end
    end
  end
  local cfg = state.cfg
  if c == 45 or (c >= 48 and c <= 57) then
    if not cfg.decode_invalid_numbers and invalid_number(json, i) then
      token.kind, token.message = "T_ERROR", "invalid number"
      return
    end
  elseif string_sub(json, i, i + 3) == "true" then
    token.kind, token.value = "T_BOOLEAN", true
    state.i = i + 4
    return
  elseif string_sub(json, i, i + 4) == "false" then
    token.kind, token.value = "T_BOOLEAN", false
    state.i = i + 5
    return
  elseif string_sub(json, i, i + 3) == "null" then
    token.kind = "T_NULL"
    state.i = i + 4
    return
  elseif not (cfg.decode_invalid_numbers and invalid_number(json, i)) then
    token.kind, token.message = "T_ERROR", "invalid token"
    return
  end
  local value, stop = strtod(json, i)
  if value == nil then
    token.kind, token.message = "T_ERROR", "invalid number"
    return
  end
  token.kind, token.value = "T_NUMBER", normalize(value)
  state.i = stop
end

local parse_value

local function descend(state)
  state.depth = state.depth + 1
  if state.depth > state.cfg.decode_max_depth then
    fail("Found too many nested data structures (" .. state.depth .. ") at character " .. (state.i - 1))
  end
end

local function parse_object(state, token)
  descend(state)
  local result = {}
  next_token(state, token)
  if token.kind == "T_OBJ_END" then
    state.depth = state.depth - 1
    return result
  end
  while true do
    if token.kind ~= "T_STRING" then parse_error("object key string", token) end
    local key = token.value
    next_token(state, token)
    if token.kind ~= "T_COLON" then parse_error("colon", token) end
    next_token(state, token)
    result[key] = parse_value(state, token)
    next_token(state, token)
    if token.kind == "T_OBJ_END" then
      state.depth = state.depth - 1
      return result
    end
    if token.kind ~= "T_COMMA" then parse_error("comma or object end", token) end
    next_token(state, token)
  end
end

local function parse_array(state, token)
  descend(state)
  local result = {}
  if state.cfg.array_mt then setmetatable_(result, ARRAY_MT) end
  next_token(state, token)
  if token.kind == "T_ARR_END" then
    state.depth = state.depth - 1
    return result
  end
  local i = 1
  while true do
    result[i] = parse_value(state, token)
    next_token(state, token)
    if token.kind == "T_ARR_END" then
      state.depth = state.depth - 1
      return result
    end
    if token.kind ~= "T_COMMA" then parse_error("comma or array end", token) end
    next_token(state, token)
    i = i + 1
  end
end

parse_value = function(state, token)
  local kind = token.kind
  if kind == "T_STRING" or kind == "T_NUMBER" or kind == "T_BOOLEAN" then return token.value end
  if kind == "T_OBJ_BEGIN" then return parse_object(state, token) end
  if kind == "T_ARR_BEGIN" then return parse_array(state, token) end
  if kind == "T_NULL" then return NULL end
  parse_error("value", token)
end

-- The library ---------------------------------------------------------------------------------------------

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
  return error_(e, 0)
end

local function integer_arg(name, arg, count, v)
  local n = tonumber_(v)
  if n == nil then argerror(name, arg, "number expected, got " .. got(arg, count, v)) end
  if n >= 0 then return math_floor(n) end
  return -math_floor(-n)
end

-- json_enum_option: a boolean, or one of the option names; answers the current setting.
local function enum_option(name, count, v, options, current)
  if count >= 1 and v ~= nil then
    if type(v) == "boolean" then
      current = v and 1 or 0
    else
      local t = type(v)
      if t ~= "string" and t ~= "number" then argerror(name, 1, "string expected, got " .. t) end
      local text = t == "number" and number_tostring(v) or v
      local found = nil
      for i = 1, #options do
        if options[i] == text then found = i - 1 end
      end
      if found == nil then argerror(name, 1, "invalid option '" .. text .. "'") end
      current = found
    end
  end
  return current
end

local function enum_result(options, current)
  if current == 0 then return false end
  if current == 1 then return true end
  return options[current + 1]
end

local BOOLEAN_OPTIONS = { "off", "on" }
local INVALID_NUMBER_OPTIONS = { "off", "on", "null" }

local function check_count(name, count, max)
  if count > max then argerror(name, max + 1, "found too many arguments") end
end

local function integer_option(name, index, count, v, min, max, current)
  if count >= index and v ~= nil then
    local n = integer_arg(name, index, count, v)
    if n < min or n > max then argerror(name, 1, "expected integer between " .. min .. " and " .. max) end
    return n
  end
  return current
end

local function new_library()
  local cfg = {
    sparse_convert = false, sparse_ratio = 2, sparse_safe = 10,
    encode_max_depth = 1000, decode_max_depth = 1000,
    encode_invalid_numbers = 0, decode_invalid_numbers = true,
    keep_buffer = true, precision = 14, number_format = "%.14g", array_mt = false,
  }
  local cjson = { null = NULL, _NAME = "cjson", _VERSION = "2.1.0" }

  function cjson.encode(...)
    return finish(pcall_(function(...)
      local count = select("#", ...)
      if count ~= 1 then argerror("encode", 1, "expected 1 argument") end
      local out = {}
      encode_value(cfg, (...), 0, out)
      return table_concat(out)
    end, ...))
  end

  function cjson.decode(...)
    return finish(pcall_(function(...)
      local count = select("#", ...)
      if count ~= 1 then argerror("decode", 1, "expected 1 argument") end
      local json = ...
      local t = type(json)
      if t == "number" then
        json = number_tostring(json)
      elseif t ~= "string" then
        argerror("decode", 1, "string expected, got " .. t)
      end
      if #json >= 2 and (string_byte(json, 1) == 0 or string_byte(json, 2) == 0) then
        fail("JSON parser does not support UTF-16 or UTF-32")
      end
      local state = { json = json, i = 1, depth = 0, cfg = cfg }
      local token = {}
      next_token(state, token)
      local value = parse_value(state, token)
      next_token(state, token)
      if token.kind ~= "T_END" then parse_error("the end", token) end
      return value
    end, ...))
  end

  function cjson.encode_sparse_array(...)
    return finish(pcall_(function(...)
      local count = select("#", ...)
      check_count("encode_sparse_array", count, 3)
      local convert, ratio, safe = ...
      cfg.sparse_convert = enum_option("encode_sparse_array", count, convert, BOOLEAN_OPTIONS,
        cfg.sparse_convert and 1 or 0) == 1
      if count >= 2 then
        cfg.sparse_ratio = integer_option("encode_sparse_array", 2, count, ratio, 0, 2147483647, cfg.sparse_ratio)
      end
      if count >= 3 then
        cfg.sparse_safe = integer_option("encode_sparse_array", 3, count, safe, 0, 2147483647, cfg.sparse_safe)
      end
      return cfg.sparse_convert, cfg.sparse_ratio, cfg.sparse_safe
    end, ...))
  end

  local function integer_config(name, key, min, max)
    cjson[name] = function(...)
      return finish(pcall_(function(...)
        local count = select("#", ...)
        check_count(name, count, 1)
        cfg[key] = integer_option(name, 1, count, (...), min, max, cfg[key])
        return cfg[key]
      end, ...))
    end
  end
  integer_config("encode_max_depth", "encode_max_depth", 1, 2147483647)
  integer_config("decode_max_depth", "decode_max_depth", 1, 2147483647)

  function cjson.encode_number_precision(...)
    return finish(pcall_(function(...)
      local count = select("#", ...)
      check_count("encode_number_precision", count, 1)
      cfg.precision = integer_option("encode_number_precision", 1, count, (...), 1, 14, cfg.precision)
      cfg.number_format = "%." .. cfg.precision .. "g"
      return cfg.precision
    end, ...))
  end

  local function boolean_config(name, key)
    cjson[name] = function(...)
      return finish(pcall_(function(...)
        local count = select("#", ...)
        check_count(name, count, 1)
        cfg[key] = enum_option(name, count, (...), BOOLEAN_OPTIONS, cfg[key] and 1 or 0) == 1
        return cfg[key]
      end, ...))
    end
  end
  boolean_config("encode_keep_buffer", "keep_buffer")
  boolean_config("decode_invalid_numbers", "decode_invalid_numbers")
  boolean_config("decode_array_with_array_mt", "array_mt")

  function cjson.encode_invalid_numbers(...)
    return finish(pcall_(function(...)
      local count = select("#", ...)
      check_count("encode_invalid_numbers", count, 1)
      cfg.encode_invalid_numbers = enum_option("encode_invalid_numbers", count, (...), INVALID_NUMBER_OPTIONS,
        cfg.encode_invalid_numbers)
      return enum_result(INVALID_NUMBER_OPTIONS, cfg.encode_invalid_numbers)
    end, ...))
  end

  function cjson.new()
    return new_library()
  end

  -- Behind trampolines, like every Lua function scripts can reach (see the prelude).
  for k, v in next_, cjson do
    if type(v) == "function" then cjson[k] = H.wrap(v) end
  end
  return cjson
end

return new_library()
`;

/**
 * The Lua side of the scripting environment, run once when a VM is created. It turns wasmoon's
 * Lua 5.4 into the Lua 5.1 environment Redis scripts see (src/script_lua.c, src/eval.c,
 * src/function_lua.c):
 *
 * - 5.1 library behaviour where scripts can observe it: number printing (`%.14g`), `error` with
 *   numbers, `assert`, `string.format`, integer arguments truncated instead of refused, `unpack`,
 *   `loadstring`, `table.getn`/`foreach`/`maxn`, `math.mod`/`pow`/`atan2`/…, 5.1 error wording;
 *   5.4-only functions are removed so a script that works here works on Redis;
 * - the sandbox: no `os`, `io`, `package`, `require`, `dofile`, `loadfile`, `print`, `debug`;
 * - Redis's protected globals: every table reachable from `_G` is read-only ("Attempt to modify a
 *   readonly table") and reading a missing global fails ("Script attempted to access nonexistent
 *   global variable"). Lua 5.4 has no read-only tables, so scripts run with a proxy `_G` whose
 *   metatable forwards reads to the real globals and refuses writes; `rawset`, `setmetatable`,
 *   `rawget`, `next`, `pairs` and `getmetatable` see through the proxies;
 * - the `redis` table, whose `call`/`pcall`/`sha1hex`/`acl_check_cmd` are engine functions (`host`);
 * - the error handler that builds Redis's error table `{err=…, source=…, line=…}`.
 *
 * Frames: every Lua function the prelude exposes sits behind a C trampoline (`host.wrap`), because
 * a script's `return error("x")` tail call would otherwise replace the script's frame and lose its
 * line. So a wrapper raising an error blames level 3 (wrapper, trampoline, script); the error
 * handler and `pcall` treat "prelude frames plus their trampoline" as one C function, which is what
 * Redis's C implementations were. Real C functions are called through locals named as in Lua 5.1
 * ("bad argument #1 to 'sub'" takes its name from the calling instruction).
 *
 * Called with `host` (engine functions, constants and the library sources); loads the libraries
 * (cjson, cmsgpack, bit, struct, each given the helper table `H`), seals the environment and
 * returns the internals the engine keeps: the error handler, the real globals and, for functions,
 * `load_library`.
 */
export const PRELUDE_LUA = String.raw`
local host = ...

local type, select, rawequal = type, select, rawequal
local real_tostring, real_tonumber, real_rawget, real_rawset, real_rawlen, real_next =
  tostring, tonumber, rawget, rawset, rawlen, next
local real_setmetatable, real_getmetatable, real_error, real_pcall, real_xpcall, real_load =
  setmetatable, getmetatable, error, pcall, xpcall, load
local collectgarbage_ = collectgarbage
local string_format, string_match, string_find, string_sub = string.format, string.match, string.find, string.sub
local string_byte, string_char, string_rep, string_lower = string.byte, string.char, string.rep, string.lower
local string_gsub, string_pack, string_unpack = string.gsub, string.pack, string.unpack
local table_concat, table_unpack, table_move = table.concat, table.unpack, table.move
local table_insert, table_remove = table.insert, table.remove
local math_floor, math_ceil, math_type, math_huge = math.floor, math.ceil, math.type, math.huge
local math_log, math_exp, math_fmod, math_abs, math_tointeger = math.log, math.exp, math.fmod, math.abs, math.tointeger
local math_mininteger = math.mininteger
local coroutine_create, coroutine_resume, coroutine_running = coroutine.create, coroutine.resume, coroutine.running
local getinfo, registry, debug_getmetatable = debug.getinfo, debug.getregistry(), debug.getmetatable
local host_timed_out, host_escapes51 = host.timed_out, host.escapes51

local G = _G
local NULL = host.null
local trampoline = host.wrap
local PRELUDE_SOURCE = "=[redis]"
local IS_EVAL = host.kind == "eval"
-- Level of the script for an error raised inside a wrapper: the wrapper, its trampoline, the caller.
local CALLER = 3

-- Numbers ------------------------------------------------------------------------------------------

-- Lua 5.1 prints every number with "%.14g" (LUAI_NUMFFORMAT); NaNs print with their sign as glibc
-- does ("-nan" for the negative NaN x86 arithmetic produces).
local function number_tostring(n)
  if n ~= n then
    return string_byte(string_pack(">d", n), 1) >= 128 and "-nan" or "nan"
  end
  return string_format("%.14g", n)
end

-- The (long long) cast of a double: truncation toward zero.
local function truncate(n)
  if n >= 0 then return math_floor(n) end
  return math_ceil(n)
end

-- luaL_checkint of 5.1 on an argument 5.4 would refuse ("number has no integer representation").
local function int_arg(v)
  if type(v) == "string" then
    local n = real_tonumber(v)
    if n == nil then return v end
    v = n
  end
  if math_type(v) == "float" then
    -- x86 converts NaN, infinities and out-of-range doubles to the lowest integer.
    if v ~= v or v >= 0x1p63 or v < -0x1p63 then return math_mininteger end
    return truncate(v)
  end
  return v
end

-- Numbers this environment creates (decoders, struct) are integers when whole, so concatenation
-- prints them as 5.1 would ("3", not "3.0").
local function normalize(n)
  if n == math_floor(n) and n > -9007199254740992 and n < 9007199254740992
      and not (n == 0 and 1 / n < 0) then
    return math_tointeger(n) or n
  end
  return n
end

local POSITIVE_NAN = string_unpack(">d", "\127\248\0\0\0\0\0\0")

local function typename(count, v)
  if count == 0 then return "no value" end
  return type(v)
end

-- Frames and messages --------------------------------------------------------------------------------

-- An argument error without a position was raised by a function called from C (pcall, sort,
-- gsub): 5.1 had no call instruction to name the function by. (5.4 has one in the prelude's
-- wrappers, which call the real functions.)
local function unnamed(m)
  return (string_gsub(m, "^(bad argument #%d+ to )'[^']*'", "%1'?'"))
end

-- luaL_argerror for a function called as a method: self is not counted.
local function as_method(m)
  local head, n, name, rest = string_match(m, "^(.-)bad argument #(%d+) to '([^']*)' (.*)$")
  if head == nil then return m end
  n = real_tonumber(n) - 1
  if n == 0 then return head .. "calling '" .. name .. "' on bad self " .. rest end
  return head .. "bad argument #" .. n .. " to '" .. name .. "' " .. rest
end

-- Messages whose wording changed after 5.1.
local function message_5_1(m)
  if type(m) ~= "string" then return m end
  local at = string_match(m, "^(.-to 'm[ai][nx]' %()value expected%)$")
  if at ~= nil then m = at .. "number expected, got no value)" end
  m = unnamed(m)
  -- forprep: "bad 'for' limit (number expected, got string)" was "'for' limit must be a number".
  local what
  at, what = string_match(m, "^(.-)bad 'for' (.-) %(number expected, got %a+%)$")
  if at ~= nil then return at .. "'for' " .. what .. " must be a number" end
  -- Arithmetic on a string that is not a number went through the string metamethods of 5.4.
  local a, b
  at, a, b = string_match(m, "^(.-)attempt to %a+ a '(%a+)' with a '(%a+)'$")
  if at ~= nil then
    return at .. "attempt to perform arithmetic on a " .. (a == "number" and b or a) .. " value"
  end
  at = string_match(m, "^(.-)invalid capture index %%%d+")
  if at ~= nil then return at .. "invalid capture index" end
  at = string_match(m, "^(.-%(string/function/table expected), got %a+%)$")
  if at ~= nil then return at .. ")" end
  -- 5.4 says "attempt to index a nil value (local 't')"; 5.1 said "attempt to index local 't' (a
  -- nil value)", and named no constants.
  local head, op, t, kind, name = string_match(m, "^(.-)attempt to (.-) a (%a+) value %((%a+) '(.*)'%)$")
  if head == nil then return m end
  if kind == "constant" then return head .. "attempt to " .. op .. " a " .. t .. " value" end
  return head .. "attempt to " .. op .. " " .. kind .. " '" .. name .. "' (a " .. t .. " value)"
end

-- The frame at 'level' as a script sees it: prelude frames and the trampoline that called them are
-- one C function. Returns the frame's info (nil past the bottom), whether it is such a group, and
-- the level after it. Levels count from frame_at itself (1), so its callers pass their own level
-- plus their depth below the function of interest.
local function frame_at(level)
  local info = getinfo(level, "Sl")
  if info == nil or info.source ~= PRELUDE_SOURCE then return info, false, level + 1 end
  repeat
    level = level + 1
    info = getinfo(level, "Sl")
  until info == nil or info.source ~= PRELUDE_SOURCE
  local is_method = false
  if info ~= nil and info.what == "C" then
    is_method = getinfo(level, "n").namewhat == "method"
    level = level + 1
  end
  return { what = "C", source = "=[C]", currentline = -1, is_method = is_method }, true, level
end

-- Redis's handler reports the frame that raised the error, or its caller when that is a C function
-- (a C function here may be a real one plus the prelude group that called it).
local function blamed_frame(level)
  while true do
    local info, is_group, after = frame_at(level)
    if info == nil or (not is_group and info.what ~= "C") then return info end
    level = after
  end
end

-- A message positioned in prelude code ("[redis]:12: …") is re-positioned where the script called
-- the prelude function, or loses its position when a C function called it (as Redis's would).
local function reposition(m, level)
  if type(m) ~= "string" then return m end
  if string_sub(m, 1, 8) ~= "[redis]:" then
    -- A wrapper's own argument error, raised with error(message, CALLER).
    local info = frame_at(level)
    if info ~= nil and info.what == "C" then
      local group, is_group = frame_at(level + 1)
      if is_group and group.is_method then return as_method(m) end
    end
    return m
  end
  local rest = string_match(m, "^%[redis%]:%d+: (.*)$") or m
  while true do
    local info, is_group, after = frame_at(level)
    if info == nil then return unnamed(rest) end
    if is_group then
      local caller = frame_at(after)
      if caller ~= nil and caller.what ~= "C" and caller.currentline > 0 then
        if info.is_method then rest = as_method(rest) end
        return caller.short_src .. ":" .. caller.currentline .. ": " .. rest
      end
      return unnamed(rest)
    end
    level = after
  end
end

-- __redis__err__handler (src/eval.c): the error as a table with the position of the blamed frame.
-- (Levels: frame_at, blamed_frame or reposition, error_handler, then the erroring function.)
local function error_handler(err)
  local info = blamed_frame(4)
  if type(err) ~= "table" then
    err = reposition(message_5_1(err), 4)
    local text = type(err) == "number" and number_tostring(err) or real_tostring(err)
    err = { err = "ERR " .. text }
  end
  if info ~= nil then
    err.source = info.source
    err.line = info.currentline
  end
  return err
end

-- Base library (5.1 behaviour) ---------------------------------------------------------------------

local function tostring5(...)
  if select("#", ...) == 0 then return real_error("bad argument #1 to 'tostring' (value expected)", CALLER) end
  local v = ...
  local t = type(v)
  if t == "number" then return number_tostring(v) end
  if t == "userdata" and v == NULL then return "userdata: (nil)" end
  return real_tostring(v)
end

-- 5.1's tonumber goes through strtod, which also reads "inf", "infinity" and "nan".
local tonumber5
do
  local tonumber = real_tonumber
  tonumber5 = function(...)
    local v, base = ...
    if base ~= nil or type(v) ~= "string" then return tonumber(...) end
    local n = tonumber(v)
    if n ~= nil then return n end
    local sign, word = string_match(v, "^%s*([-+]?)(%a+)%s*$")
    if word == nil then return nil end
    word = string_lower(word)
    if word == "inf" or word == "infinity" then
      n = math_huge
    elseif word == "nan" then
      n = POSITIVE_NAN
    else
      return nil
    end
    if sign == "-" then n = -n end
    return n
  end
end

-- 5.1 adds the position to numbers as well as strings; levels count from the script.
local error5
do
  local error = real_error
  error5 = function(...)
    local message, level = ...
    if type(message) == "number" then message = number_tostring(message) end
    if select("#", ...) < 2 or level == nil then return error(message, CALLER) end
    local n = real_tonumber(level)
    if n ~= nil and n > 0 then return error(message, truncate(n) + CALLER - 1) end
    return error(message, level)
  end
end

-- luaB_assert: luaL_error("%s", message), so the message gets the caller's position.
local function assert5(...)
  if select("#", ...) == 0 then return real_error("bad argument #1 to 'assert' (value expected)", CALLER) end
  local v, message = ...
  if v then return ... end
  if message == nil then return real_error("assertion failed!", CALLER) end
  local t = type(message)
  if t == "number" then
    message = number_tostring(message)
  elseif t ~= "string" then
    return real_error("bad argument #2 to 'assert' (string expected, got " .. t .. ")", CALLER)
  end
  return real_error(message, CALLER)
end

-- Messages caught by pcall get the 5.1 wording and script positions while the stack still exists.
local function caught(m)
  local message = reposition(message_5_1(m), 4)
  return message
end

-- Redis replaces pcall (luaRedisPcall): an error table with an 'err' string becomes that string.
local function pcall_result(ok, ...)
  if ok then return ok, ... end
  local e = ...
  if type(e) == "table" then
    local s = e.err
    local st = type(s)
    if st == "string" or st == "number" then return false, s end
  end
  return false, e
end

local pcall5
do
  local pcall = real_pcall
  pcall5 = function(...)
    if select("#", ...) == 0 then return pcall() end
    return pcall_result(real_xpcall((...), caught, select(2, ...)))
  end
end

local xpcall5
do
  local xpcall = real_xpcall
  xpcall5 = function(f, handler)
    return xpcall(f, function(m)
      local message = reposition(message_5_1(m), 4)
      -- Once the time limit has passed, the handler would run inside the hook that raised the
      -- error, with hooks off: nothing could stop a loop in it. The script is ending anyway.
      if host_timed_out() then return message end
      return handler(message)
    end)
  end
end

-- 5.1's load takes only a reader function; strings go through loadstring. Neither loads bytecode.
-- Lua 5.4 writes "near <eof>" where 5.1 wrote "near '<eof>'".
local function loaded(chunk, message)
  if chunk == nil and type(message) == "string" then
    message = string_gsub(message, " near <eof>$", " near '<eof>'")
  end
  return chunk, message
end

local function load5(...)
  local f, chunkname = ...
  if type(f) ~= "function" then
    return real_error("bad argument #1 to 'load' (function expected, got " .. typename(select("#", ...), f) .. ")", CALLER)
  end
  return loaded(real_load(f, chunkname or "=(load)", "t"))
end

local function loadstring5(...)
  local s, chunkname = ...
  local t = type(s)
  if t == "number" then
    s = number_tostring(s)
  elseif t ~= "string" then
    return real_error("bad argument #1 to 'loadstring' (string expected, got " .. typename(select("#", ...), s) .. ")", CALLER)
  end
  return loaded(real_load(host_escapes51(s), chunkname or s, "t"))
end

-- luaB_collectgarbage of 5.1 knows these options only ("count" by default is 5.4's "collect").
local GC_OPTIONS = { stop = true, restart = true, collect = true, count = true, step = true, setpause = true, setstepmul = true }
local function collectgarbage5(...)
  local option = ...
  if option ~= nil and (type(option) ~= "string" or not GC_OPTIONS[option]) then
    if type(option) ~= "string" and type(option) ~= "number" then
      return real_error("bad argument #1 to 'collectgarbage' (string expected, got " .. type(option) .. ")", CALLER)
    end
    return real_error("bad argument #1 to 'collectgarbage' (invalid option '" .. real_tostring(option) .. "')", CALLER)
  end
  return collectgarbage_(...)
end

local function gcinfo5()
  return math_floor(collectgarbage_("count"))
end

-- Read-only tables ------------------------------------------------------------------------------------

local REAL = real_setmetatable({}, { __mode = "k" })      -- proxy -> the table it protects
local META_VIEW = real_setmetatable({}, { __mode = "k" }) -- proxy -> what getmetatable shows

-- Metamethods are called by the VM straight from the script's frame: level 2 is the script.
local function readonly_error()
  return real_error("Attempt to modify a readonly table", 2)
end

local function missing_global(_, name)
  local text = type(name) == "number" and number_tostring(name) or real_tostring(name)
  return real_error("Script attempted to access nonexistent global variable '" .. text .. "'", 2)
end

local function proxy(real, index)
  local p = real_setmetatable({}, { __index = index or real, __newindex = readonly_error })
  REAL[p] = real
  return p
end

local rawget5
do
  local rawget = real_rawget
  rawget5 = function(...)
    local real = REAL[(...)]
    if real ~= nil then return rawget(real, (select(2, ...))) end
    return rawget(...)
  end
end

local rawset5
do
  local rawset = real_rawset
  rawset5 = function(...)
    if REAL[(...)] ~= nil then return real_error("Attempt to modify a readonly table", 0) end
    return rawset(...)
  end
end

local next5
do
  local next = real_next
  next5 = function(...)
    local real = REAL[(...)]
    if real ~= nil then return next(real, (select(2, ...))) end
    return next(...)
  end
end

local function pairs5(...)
  local t = ...
  if type(t) ~= "table" then
    return real_error("bad argument #1 to 'pairs' (table expected, got " .. typename(select("#", ...), t) .. ")", CALLER)
  end
  return next5, t, nil
end

-- 5.1's ipairs reads with rawgeti and ignores __index.
local function ipairs_step(t, i)
  i = i + 1
  local v = rawget5(t, i)
  if v ~= nil then return i, v end
end

local function ipairs5(...)
  local t = ...
  if type(t) ~= "table" then
    return real_error("bad argument #1 to 'ipairs' (table expected, got " .. typename(select("#", ...), t) .. ")", CALLER)
  end
  return ipairs_step, t, 0
end

local STRING_META_VIEW

local getmetatable5
do
  local getmetatable = real_getmetatable
  getmetatable5 = function(...)
    local v = ...
    if REAL[v] ~= nil then return META_VIEW[v] end
    if type(v) == "string" then return STRING_META_VIEW end
    return getmetatable(...)
  end
end

local setmetatable5
do
  local setmetatable = real_setmetatable
  setmetatable5 = function(...)
    local t, mt = ...
    if REAL[t] ~= nil then return real_error("Attempt to modify a readonly table", 0) end
    if type(t) ~= "table" or type(mt) ~= "table" or real_rawget(mt, "__gc") == nil then
      return setmetatable(...)
    end
    local current = debug_getmetatable(t)
    if current ~= nil and real_rawget(current, "__metatable") ~= nil then return setmetatable(...) end
    -- 5.1 never finalizes tables. 5.4 would, and runs finalizers with hooks off, out of the time
    -- limit's reach; a table is marked for finalization only if __gc is set when it gets its
    -- metatable, so the field is hidden for that moment.
    local gc = real_rawget(mt, "__gc")
    real_rawset(mt, "__gc", nil)
    setmetatable(t, mt)
    real_rawset(mt, "__gc", gc)
    return t
  end
end

-- string -----------------------------------------------------------------------------------------------

local function quote5(s)
  local out = string_gsub(s, '[\0\r\n"\\]', function(c)
    if c == "\0" then return "\\000" end
    if c == "\r" then return "\\r" end
    return "\\" .. c
  end)
  return '"' .. out .. '"'
end

local INTEGER_CONVERSIONS = { d = true, i = true, o = true, u = true, x = true, X = true, c = true }
local FLOAT_CONVERSIONS = { e = true, E = true, f = true, g = true, G = true }

-- str_format of 5.1: integer conversions truncate their number, %s takes only strings and numbers
-- (numbers printed as 5.1 does), %q quotes as 5.1 did.
local function cut_at_nul(text)
  local nul = string_find(text, "\0", 1, true)
  return nul == nil and text or string_sub(text, 1, nul - 1)
end

local format5
do
  local format = string_format
  format5 = function(...)
    local fmt = ...
    local ft = type(fmt)
    if ft == "number" then
      fmt = number_tostring(fmt)
    elseif ft ~= "string" then
      return format(...)
    end
    local n = select("#", ...) - 1
    local args = { select(2, ...) }
    local arg, pos, last = 0, 1, 1
    local parts = nil
    while true do
      local s = string_find(fmt, "%", pos, true)
      if s == nil then break end
      if string_sub(fmt, s + 1, s + 1) == "%" then
        pos = s + 2
      else
        local flags, width, dot, precision, conversion = string_match(fmt, "^([-+ #0]*)(%d*)(%.?)(%d*)(.?)", s + 1)
        if #flags >= 6 then return real_error("invalid format (repeated flags)", CALLER) end
        if #width > 2 or #precision > 2 then
          return real_error("invalid format (width or precision too long)", CALLER)
        end
        local spec_end = s + #flags + #width + #dot + #precision + 1
        arg = arg + 1
        local v = args[arg]
        local bad = "bad argument #" .. (arg + 1) .. " to 'format' "
        if INTEGER_CONVERSIONS[conversion] or FLOAT_CONVERSIONS[conversion] then
          if arg > n then return real_error(bad .. "(no value)", CALLER) end
          local number = real_tonumber(v)
          if number == nil then return real_error(bad .. "(number expected, got " .. type(v) .. ")", CALLER) end
          if INTEGER_CONVERSIONS[conversion] then
            args[arg] = truncate(number)
            if conversion == "c" then
              -- 5.1 appended each sprintf result up to its strlen: a NUL character ends it.
              args[arg] = cut_at_nul(format(string_sub(fmt, s, spec_end), args[arg]))
              parts = parts or {}
              parts[#parts + 1] = string_sub(fmt, last, s - 1) .. "%s"
              last = spec_end + 1
            elseif conversion == "u" then
              parts = parts or {}
              parts[#parts + 1] = string_sub(fmt, last, spec_end - 1) .. "d"
              last = spec_end + 1
            end
          end
        elseif conversion == "s" or conversion == "q" then
          if arg > n then return real_error(bad .. "(no value)", CALLER) end
          local t = type(v)
          if t == "number" then
            v = number_tostring(v)
          elseif t ~= "string" then
            return real_error(bad .. "(string expected, got " .. t .. ")", CALLER)
          end
          if conversion == "s" and (dot ~= "" or #v < 100) then
            -- 5.1 printed such strings with sprintf, which stops at a NUL (str_format).
            v = cut_at_nul(v)
          end
          if conversion == "q" then
            v = quote5(v)
            parts = parts or {}
            parts[#parts + 1] = string_sub(fmt, last, s - 1) .. "%s"
            last = spec_end + 1
          end
          args[arg] = v
        else
          return real_error("invalid option '%" .. conversion .. "' to 'format'", CALLER)
        end
        pos = spec_end + 1
      end
    end
    if parts ~= nil then
      parts[#parts + 1] = string_sub(fmt, last)
      fmt = table_concat(parts)
    end
    return format(fmt, table_unpack(args, 1, n))
  end
end

local function pass(...) return ... end

local sub5, byte5, char5
do
  local sub, byte, char = string_sub, string_byte, string_char
  sub5 = function(...)
    local n = select("#", ...)
    local s, i, j = ...
    if n >= 3 then return sub(s, int_arg(i), int_arg(j)) end
    if n == 2 then return sub(s, int_arg(i)) end
    return sub(...)
  end
  byte5 = function(...)
    local n = select("#", ...)
    local s, i, j = ...
    if n >= 3 then return pass(byte(s, int_arg(i), int_arg(j))) end
    if n == 2 then return pass(byte(s, int_arg(i))) end
    return byte(...)
  end
  char5 = function(...)
    local n = select("#", ...)
    local codes = { ... }
    for i = 1, n do
      local code = int_arg(codes[i])
      -- str_char of 5.1: luaL_argcheck(uchar(c) == c, i, "invalid value").
      if math_type(code) == "integer" and (code < 0 or code > 255) then
        return real_error("bad argument #" .. i .. " to 'char' (invalid value)", CALLER)
      end
      codes[i] = code
    end
    return char(table_unpack(codes, 1, n))
  end
end

-- table ------------------------------------------------------------------------------------------------

local concat5, insert5, remove5, unpack5
do
  local concat, insert, remove, unpack = table_concat, table_insert, table_remove, table_unpack
  -- 5.1 converts numbers with "%.14g" before concatenating.
  concat5 = function(...)
    local t, sep, i, j = ...
    if type(t) ~= "table" then return concat(...) end
    i = i == nil and 1 or int_arg(i)
    j = j == nil and real_rawlen(t) or int_arg(j)
    if type(i) ~= "number" or type(j) ~= "number" then return concat(...) end
    local copy = nil
    for k = i, j do
      local v = real_rawget(t, k)
      if type(v) == "number" and (math_type(v) == "float" or v >= 1e14 or v <= -1e14) then
        copy = copy or table_move(t, i, j, i, {})
        copy[k] = number_tostring(v)
      end
    end
    return concat(copy or t, sep, i, j)
  end
  -- tinsert of 5.1: no bounds check, the position truncated.
  insert5 = function(...)
    local n = select("#", ...)
    local t, a, b = ...
    if type(t) ~= "table" then return insert(...) end
    local e = real_rawlen(t) + 1
    if n == 2 then
      real_rawset(t, e, a)
      return
    end
    if n ~= 3 then return real_error("wrong number of arguments to 'insert'", CALLER) end
    local pos = int_arg(a)
    if type(pos) ~= "number" then
      return real_error("bad argument #2 to 'insert' (number expected, got " .. type(a) .. ")", CALLER)
    end
    if pos > e then e = pos end
    for k = e, pos + 1, -1 do real_rawset(t, k, real_rawget(t, k - 1)) end
    real_rawset(t, pos, b)
  end
  -- tremove of 5.1: nothing at all (not even nil) when the table is empty or pos is out of range.
  remove5 = function(...)
    local t, pos = ...
    if type(t) ~= "table" then return remove(...) end
    local e = real_rawlen(t)
    if pos ~= nil then
      pos = int_arg(pos)
      if type(pos) ~= "number" then
        return real_error("bad argument #2 to 'remove' (number expected, got " .. type(pos) .. ")", CALLER)
      end
    else
      pos = e
    end
    if not (1 <= pos and pos <= e) then return end
    local removed = real_rawget(t, pos)
    for k = pos, e - 1 do real_rawset(t, k, real_rawget(t, k + 1)) end
    real_rawset(t, e, nil)
    return removed
  end
  -- luaB_unpack of 5.1 takes only tables (5.4 takes anything with a length).
  unpack5 = function(...)
    local n = select("#", ...)
    local t, i, j = ...
    if type(t) ~= "table" then
      return real_error("bad argument #1 to 'unpack' (table expected, got " .. typename(n, t) .. ")", CALLER)
    end
    if n >= 3 then return unpack(t, int_arg(i), int_arg(j)) end
    if n == 2 then return unpack(t, int_arg(i)) end
    return unpack(...)
  end
end

local function check_table(name, count, t)
  if type(t) ~= "table" then
    return "bad argument #1 to '" .. name .. "' (table expected, got " .. typename(count, t) .. ")"
  end
end

local function getn5(...)
  local t = ...
  local bad = check_table("getn", select("#", ...), t)
  if bad then return real_error(bad, CALLER) end
  return real_rawlen(t)
end

local function setn5()
  return real_error("'setn' is obsolete", CALLER)
end

local function maxn5(...)
  local t = ...
  local bad = check_table("maxn", select("#", ...), t)
  if bad then return real_error(bad, CALLER) end
  local max = 0
  for k in real_next, t do
    if type(k) == "number" and k > max then max = k end
  end
  return max
end

local function foreach5(t, f)
  for k, v in real_next, t do
    local r = f(k, v)
    if r ~= nil then return r end
  end
end

local function foreachi5(t, f)
  for i = 1, real_rawlen(t) do
    local r = f(i, real_rawget(t, i))
    if r ~= nil then return r end
  end
end

-- math -------------------------------------------------------------------------------------------------

local function number_arg(name, i, count, v)
  local x = real_tonumber(v)
  if x == nil then
    return nil, "bad argument #" .. i .. " to '" .. name .. "' (number expected, got " .. typename(count, v) .. ")"
  end
  return x
end

local function pow5(...)
  local n = select("#", ...)
  local a, b = ...
  local x, e1 = number_arg("pow", 1, n, a)
  if x == nil then return real_error(e1, CALLER) end
  local y, e2 = number_arg("pow", 2, n - 1, b)
  if y == nil then return real_error(e2, CALLER) end
  return x ^ y
end

local function fmod5(...)
  local a, b = ...
  if math_type(a) == "integer" and math_type(b) == "integer" and b ~= 0 then return math_fmod(a, b) end
  local n = select("#", ...)
  local x, e1 = number_arg("fmod", 1, n, a)
  if x == nil then return real_error(e1, CALLER) end
  local y, e2 = number_arg("fmod", 2, n - 1, b)
  if y == nil then return real_error(e2, CALLER) end
  return math_fmod(x + 0.0, y + 0.0)
end

local function single(name, f)
  return function(...)
    local x, e = number_arg(name, 1, select("#", ...), (...))
    if x == nil then return real_error(e, CALLER) end
    return f(x)
  end
end

local function frexp(x)
  if x == 0 or x ~= x or x == math_huge or x == -math_huge then return x, 0 end
  local m, e = math_abs(x), 0
  while m >= 1 do m = m / 2; e = e + 1 end
  while m < 0.5 do m = m * 2; e = e - 1 end
  if x < 0 then m = -m end
  return m, e
end

local function ldexp5(...)
  local n = select("#", ...)
  local a, b = ...
  local m, e1 = number_arg("ldexp", 1, n, a)
  if m == nil then return real_error(e1, CALLER) end
  local e, e2 = number_arg("ldexp", 2, n - 1, b)
  if e == nil then return real_error(e2, CALLER) end
  return m * 2.0 ^ truncate(e)
end

local log5
do
  local log = math_log
  -- 5.1's log has no base argument.
  log5 = function(...)
    if select("#", ...) == 0 then return log() end
    return log((...))
  end
end

-- Redis's math.random (redis_math_random): a 48-bit LCG shared by every script of the engine.
local LRAND48_MAX = 2147483647
local function random5(...)
  local n = select("#", ...)
  local r = (host.rand() % LRAND48_MAX) / LRAND48_MAX
  if n == 0 then return r end
  local a, b = ...
  local low, e1 = number_arg("random", 1, n, a)
  if low == nil then return real_error(e1, CALLER) end
  low = truncate(low)
  if n == 1 then
    if low < 1 then return real_error("bad argument #1 to 'random' (interval is empty)", CALLER) end
    return math_floor(r * low) + 1
  end
  if n == 2 then
    local high, e2 = number_arg("random", 2, n - 1, b)
    if high == nil then return real_error(e2, CALLER) end
    high = truncate(high)
    if low > high then return real_error("bad argument #2 to 'random' (interval is empty)", CALLER) end
    return math_floor(r * (high - low + 1)) + low
  end
  return real_error("wrong number of arguments", CALLER)
end

local function randomseed5(...)
  local seed, e = number_arg("randomseed", 1, select("#", ...), (...))
  if seed == nil then return real_error(e, CALLER) end
  host.srand(truncate(seed))
end

-- coroutine --------------------------------------------------------------------------------------------

local function resume_result(ok, ...)
  if ok then return ok, ... end
  return false, message_5_1((...))
end

local resume5, wrap5
do
  local resume, wrap = coroutine_resume, coroutine_create
  resume5 = function(...)
    return resume_result(resume(...))
  end
  local function wrap_result(ok, ...)
    if ok then return ... end
    -- 5.4's wrap prefixes the position again; 5.1 re-raises the error as it is.
    return real_error(message_5_1((...)), 0)
  end
  wrap5 = function(...)
    local co = wrap(...)
    return trampoline(function(...) return wrap_result(resume(co, ...)) end)
  end
end

local function running5()
  local co, main = coroutine_running()
  if main then return nil end
  return co
end

-- redis ------------------------------------------------------------------------------------------------

-- luaPushErrorBuff: "-CODE message" or "message" (code ERR) becomes {err="CODE message"}.
local function error_table(text)
  local code, message
  if string_sub(text, 1, 1) == "-" then
    local space = string_find(text, " ", 1, true)
    if space == nil then
      code, message = "ERR", string_sub(text, 2)
    else
      code, message = string_sub(text, 2, space - 1), string_sub(text, space + 1)
    end
  else
    code, message = "ERR", text
  end
  message = string_match(message, "^[\r\n]*(.-)[\r\n]*$")
  return { err = code .. " " .. message }
end

local function raise(text)
  return real_error(error_table(text), 0)
end

local redis = {}
redis.call = host.call
redis.pcall = host.pcall
redis.sha1hex = host.sha1hex
redis.acl_check_cmd = host.acl_check_cmd

redis.error_reply = function(...)
  local e = ...
  if select("#", ...) ~= 1 or type(e) ~= "string" then return error_table("wrong number or type of arguments") end
  if string_sub(e, 1, 1) ~= "-" then e = "-" .. e end
  return error_table(e)
end

redis.status_reply = function(...)
  local s = ...
  if select("#", ...) ~= 1 or type(s) ~= "string" then return error_table("wrong number or type of arguments") end
  return { ok = s }
end

-- luaLogCommand: the arguments are checked as Redis does; the emulator keeps no server log.
redis.log = function(...)
  if select("#", ...) < 2 then return raise("redis.log() requires two arguments or more.") end
  local level = real_tonumber((...))
  if level == nil then return raise("First argument must be a number (log level).") end
  level = truncate(level)
  if level < 0 or level > 3 then return raise("Invalid debug level.") end
end

redis.setresp = function(...)
  if select("#", ...) ~= 1 then return raise("redis.setresp() requires one argument.") end
  local resp = truncate(real_tonumber((...)) or 0)
  if resp ~= 2 and resp ~= 3 then return raise("RESP version must be 2 or 3.") end
  host.setresp(resp)
end

redis.set_repl = function(...)
  if select("#", ...) ~= 1 then return raise("redis.set_repl() requires two arguments.") end
  local flags = truncate(real_tonumber((...)) or 0)
  if flags < 0 or flags > 3 then
    return raise("Invalid replication flags. Use REPL_AOF, REPL_REPLICA, REPL_ALL or REPL_NONE.")
  end
end

redis.LOG_DEBUG, redis.LOG_VERBOSE, redis.LOG_NOTICE, redis.LOG_WARNING = 0, 1, 2, 3
redis.REPL_NONE, redis.REPL_AOF, redis.REPL_SLAVE, redis.REPL_REPLICA, redis.REPL_ALL = 0, 1, 2, 2, 3
redis.REDIS_VERSION = host.version
redis.REDIS_VERSION_NUM = host.version_num

if IS_EVAL then
  -- The debugger (SCRIPT DEBUG) is not available: breakpoint() reports "not debugging".
  redis.breakpoint = function() return false end
  redis.debug = function() end
  redis.replicate_commands = function() return true end
end

-- Functions (src/function_lua.c): redis.register_function during FUNCTION LOAD ----------------------

local FLAG_BITS = {
  ["no-writes"] = 1, ["allow-oom"] = 2, ["allow-stale"] = 4, ["no-cluster"] = 8, ["allow-cross-slot-keys"] = 16,
  ["allow-key-locking"] = 32, -- the service's flag (docs/differences.md)
}
local loading = nil -- the registrations of the library being loaded

local function is_text(v)
  local t = type(v)
  return t == "string" or t == "number"
end

local function as_text(v)
  if type(v) == "number" then return number_tostring(v) end
  return v
end

local function read_flags(list)
  local bits = 0
  local j = 1
  while true do
    local flag = list[j]
    if flag == nil then return bits end
    if not is_text(flag) then return nil end
    local bit = FLAG_BITS[string_lower(as_text(flag))]
    if bit == nil then return nil end
    bits = bits | bit
    j = j + 1
  end
end

local function register_function(...)
  if loading == nil then return raise("redis.register_function can only be called on FUNCTION LOAD command") end
  local n = select("#", ...)
  if n < 1 or n > 2 then return raise("wrong number of arguments to redis.register_function") end
  local name, callback, description, flags = nil, nil, nil, 0
  if n == 1 then
    local named = ...
    if type(named) ~= "table" then
      return raise("calling redis.register_function with a single argument is only applicable to Lua table (representing named arguments).")
    end
    for key, value in real_next, named do
      if not is_text(key) then return raise("named argument key given to redis.register_function is not a string") end
      local k = string_lower(as_text(key))
      if k == "function_name" then
        if not is_text(value) then return raise("function_name argument given to redis.register_function must be a string") end
        name = as_text(value)
      elseif k == "description" then
        if not is_text(value) then return raise("description argument given to redis.register_function must be a string") end
        description = as_text(value)
      elseif k == "callback" then
        if type(value) ~= "function" then return raise("callback argument given to redis.register_function must be a function") end
        callback = value
      elseif k == "flags" then
        if type(value) ~= "table" then
          return raise("flags argument to redis.register_function must be a table representing function flags")
        end
        flags = read_flags(value)
        if flags == nil then return raise("unknown flag given") end
      else
        return raise("unknown argument given to redis.register_function")
      end
    end
    if name == nil then return raise("redis.register_function must get a function name argument") end
    if callback == nil then return raise("redis.register_function must get a callback argument") end
  else
    local a, b = ...
    if not is_text(a) then return raise("first argument to redis.register_function must be a string") end
    if type(b) ~= "function" then return raise("second argument to redis.register_function must be a function") end
    name, callback = as_text(a), b
  end
  if #name == 0 or string_find(name, "^[%w_]+$") == nil then
    return raise("Library names can only contain letters, numbers, or underscores(_) and must be at least one character long")
  end
  if loading.names[name] then return raise("Function already exists in the library") end
  loading.names[name] = true
  loading.list[#loading.list + 1] = { name = name, callback = callback, flags = flags, description = description }
end

-- The environment ------------------------------------------------------------------------------------

G.tostring, G.tonumber, G.error, G.assert, G.pcall, G.xpcall = tostring5, tonumber5, error5, assert5, pcall5, xpcall5
G.load, G.loadstring, G.unpack, G.gcinfo = load5, loadstring5, unpack5, gcinfo5
G.collectgarbage = collectgarbage5
G.rawget, G.rawset, G.next, G.pairs, G.ipairs = rawget5, rawset5, next5, pairs5, ipairs5
G.getmetatable, G.setmetatable = getmetatable5, setmetatable5
G._VERSION = "Lua 5.1"
for _, name in real_next, { "os", "io", "package", "require", "dofile", "loadfile", "print", "utf8", "debug",
    "warn", "rawlen" } do
  G[name] = nil
end

string.format, string.sub, string.byte, string.char = format5, sub5, byte5, char5
-- 5.1's matcher and rep, bounded by the time limit and the memory limit (string-library.ts).
string.find, string.match, string.gmatch, string.gsub = host.find, host.match, host.gmatch, host.gsub
string.rep, string.gfind = host.rep, host.gmatch
string.pack, string.unpack, string.packsize = nil, nil, nil

table.concat, table.insert, table.remove = concat5, insert5, remove5
table.getn, table.setn, table.maxn, table.foreach, table.foreachi = getn5, setn5, maxn5, foreach5, foreachi5
table.move, table.pack, table.unpack = nil, nil, nil

math.mod, math.fmod, math.pow, math.ldexp, math.log, math.atan2 = fmod5, fmod5, pow5, ldexp5, log5, math.atan
math.frexp = single("frexp", frexp)
math.log10 = single("log10", function(x) return math_log(x, 10) end)
math.cosh = single("cosh", function(x) return (math_exp(x) + math_exp(-x)) / 2 end)
math.sinh = single("sinh", function(x) return (math_exp(x) - math_exp(-x)) / 2 end)
math.tanh = single("tanh", function(x)
  if x > 20 then return 1.0 elseif x < -20 then return -1.0 end
  local a, b = math_exp(x), math_exp(-x)
  return (a - b) / (a + b)
end)
math.random, math.randomseed = random5, randomseed5
math.maxinteger, math.mininteger, math.tointeger, math.type, math.ult = nil, nil, nil, nil, nil

coroutine.resume, coroutine.wrap, coroutine.running = resume5, wrap5, running5
coroutine.close, coroutine.isyieldable = nil, nil

G.redis = redis
if IS_EVAL then G.__redis__err__handler = error_handler end

-- What the library chunks (cjson, cmsgpack, bit, struct) get.
local H = {
  NULL = NULL, CALLER = CALLER, POSITIVE_NAN = POSITIVE_NAN,
  number_tostring = number_tostring, normalize = normalize, truncate = truncate, proxy = proxy, wrap = trampoline,
  error = real_error, pcall = real_pcall, next = real_next, rawlen = real_rawlen, rawget = real_rawget,
  getmetatable = real_getmetatable, setmetatable = real_setmetatable, tonumber = real_tonumber,
  string_pack = string_pack, string_unpack = string_unpack, string_sub = string_sub, string_byte = string_byte,
  string_char = string_char, string_find = string_find, string_rep = string_rep, string_format = string_format,
  table_concat = table_concat, table_unpack = table_unpack,
  math_tointeger = math_tointeger, math_mininteger = math_mininteger, math_floor = math_floor,
}

-- Lua functions reachable from the globals go behind trampolines (see the header).
local function wrap_functions(t)
  for k, v in real_next, t do
    if type(v) == "function" and getinfo(v, "S").what == "Lua" then real_rawset(t, k, trampoline(v)) end
  end
end

-- Seals the environment: library tables become read-only proxies and _G becomes the proxy scripts
-- run with. The registry's _LOADED names no functions: 5.4 would name a C function called from C
-- by finding it there, where 5.1 says '?'.
local function finish()
  local string_real = G.string
  local libraries = { "string", "table", "math", "coroutine", "redis", "cjson", "bit", "struct", "cmsgpack" }
  wrap_functions(G)
  for _, library in real_next, libraries do
    wrap_functions(G[library])
    G[library] = proxy(G[library])
  end
  -- Methods on strings ("x"):upper() use the real table; getmetatable("") shows a read-only view.
  real_getmetatable("").__index = string_real
  STRING_META_VIEW = proxy({ __index = G.string })

  local globals_meta = { __index = G, __newindex = readonly_error }
  local P = real_setmetatable({}, globals_meta)
  REAL[P] = G
  META_VIEW[P] = proxy({ __index = missing_global })
  G._G = P
  real_setmetatable(G, { __index = missing_global })

  local internals = { handler = error_handler, globals = G }
  if not IS_EVAL then
    -- FUNCTION LOAD runs the library with only redis.register_function, redis.log and the version
    -- (LIBRARY_API in src/function_lua.c); its functions later run with the full globals.
    local load_redis = {
      register_function = trampoline(register_function), log = G.redis.log,
      LOG_DEBUG = 0, LOG_VERBOSE = 1, LOG_NOTICE = 2, LOG_WARNING = 3,
      REDIS_VERSION = host.version, REDIS_VERSION_NUM = host.version_num,
    }
    real_setmetatable(load_redis, { __index = missing_global })
    local library_api = real_setmetatable({ redis = proxy(load_redis) }, { __index = missing_global })
    internals.load_library = function(chunk)
      loading = { names = {}, list = {} }
      globals_meta.__index = library_api
      local ok, err = real_pcall(chunk)
      globals_meta.__index = G
      local list = loading.list
      loading = nil
      if not ok then return false, message_5_1(err) end
      return true, list
    end
  end

  registry._LOADED = { _G = {} }
  registry[2] = P
  return internals
end

for _, name in real_next, { "bit", "struct", "cjson", "cmsgpack" } do
  local chunk, err = real_load(host.libraries[name], PRELUDE_SOURCE, "t")
  if chunk == nil then real_error(err, 0) end
  G[name] = chunk(H)
end

return finish()
`;

-- The engine's replacements for library functions card scripts see (loaded by library.rs
-- before the state is sandboxed). `raw` holds the original functions (and the library
-- tables, whose entries library.rs then replaces: read an original only while loading),
-- `host` the Rust helpers. Each replacement keeps the original's behaviour, except that:
-- - work that grows with the input is charged to the step budget before it is done;
-- - nothing shows a memory address (tostring, string.format, error values);
-- - iteration over a table follows an order that does not depend on memory addresses;
-- - a limit once reached (steps, memory, time) cannot be caught by pcall.
local raw, host = ...

local type, select, rawget, rawlen, tonumber = raw.type, raw.select, raw.rawget, raw.rawlen, raw.tonumber
local raw_error, raw_tostring = raw.error, raw.tostring
local charge, reserve, fatal, sorted_keys = host.charge, host.reserve, host.fatal, host.sorted_keys
local has_tostring, iterates_itself, a_type = host.has_tostring, host.iterates_itself, host.a_type

local lib = { string = {}, table = {}, utf8 = {}, coroutine = {} }

-- A limit reached inside a protected call is passed on: the hook fails.
local function pass_on(ok, ...)
  if not ok and fatal((...)) then
    raw_error((...), 0)
  end
  return ok, ...
end

function lib.pcall(f, ...)
  return pass_on(raw.pcall(f, ...))
end

function lib.xpcall(f, handler, ...)
  return pass_on(raw.xpcall(f, handler, ...))
end

function lib.coroutine.resume(co, ...)
  return pass_on(raw.resume(co, ...))
end

-- Only strings and numbers are messages: a table would reach the player as an address.
function lib.error(message, level)
  local kind = type(message)
  if kind == "string" or kind == "number" then
    if level == nil then
      level = 1
    end
    if type(level) == "number" and level > 0 then
      level += 1
    end
    raw_error(message, level)
  end
  raw_error("error() takes a message (a string), not " .. a_type(kind) .. ": write error(\"what went wrong\")", 2)
end

local function shows_address(value)
  local kind = type(value)
  return (kind == "table" or kind == "function" or kind == "thread" or kind == "userdata")
    and not has_tostring(value)
end

function lib.tostring(value)
  if shows_address(value) then
    raw_error("tostring() of " .. a_type(type(value)) .. " would show its memory address, which changes from run to run", 2)
  end
  return raw_tostring(value)
end

-- Tables are visited in a fixed order (numbers, then strings, then booleans, each sorted);
-- keys that are tables or functions are refused: their only order is their address.
local function ordered(t)
  local keys = sorted_keys(t)
  local i = 0
  return function()
    while true do
      i += 1
      local k = keys[i]
      if k == nil then
        return nil
      end
      local v = rawget(t, k)
      if v ~= nil then
        return k, v
      end
    end
  end
end

function lib.pairs(t)
  if type(t) ~= "table" then
    raw_error("bad argument #1 to 'pairs' (table expected, got " .. raw.typeof(t) .. ")", 2)
  end
  return ordered(t)
end

lib.next = host.next

-- `for k, v in t do` (generalized iteration) goes through here: scripts are loaded with
-- every for-in expression list wrapped in a call to this function.
function lib.iterate(f, s, c)
  if type(f) ~= "table" or iterates_itself(f) then
    return f, s, c
  end
  return ordered(f)
end

-- Weak tables would let a script see when memory is collected.
function lib.setmetatable(t, mt)
  if type(mt) == "table" then
    if rawget(mt, "__mode") ~= nil then
      raw_error("weak tables (__mode) are not available: what they hold would depend on when memory is collected", 2)
    end
    -- Frozen, so no __mode can be added later.
    if not raw.isfrozen(mt) then
      raw.freeze(mt)
    end
  end
  return raw.setmetatable(t, mt)
end

-- Costs, in steps, of library calls whose work grows with their arguments.
local function len(s)
  local kind = type(s)
  if kind == "string" then
    return #s
  elseif kind == "number" then
    return 24
  end
  return 0
end

local function count(t)
  if type(t) == "table" then
    return rawlen(t)
  end
  return 0
end

-- How many positions i..j cover in a sequence of n (negative positions count from the end).
local function span(n, i, j)
  i = tonumber(i) or 1
  j = tonumber(j) or n
  if i < 0 then
    i = n + i + 1
  end
  if j < 0 then
    j = n + j + 1
  end
  if i < 1 then
    i = 1
  end
  if j > n then
    j = n
  end
  if j < i then
    return 0
  end
  return j - i + 1
end

local function metered(original, cost)
  return function(...)
    charge(cost(...))
    return original(...)
  end
end

-- Copying a KiB, scanning 32 bytes or moving 8 to 16 values costs about one step.
local function copied(s)
  return len(s) // 1024
end

local function scanned(s)
  return len(s) // 32
end

local function arguments(...)
  return select("#", ...) // 8
end

for _, name in { "find", "match", "gmatch", "gsub" } do
  lib.string[name] = metered(raw.string[name], function(s, p)
    return scanned(s) + scanned(p)
  end)
end
for _, name in { "sub", "upper", "lower", "reverse" } do
  lib.string[name] = metered(raw.string[name], copied)
end
lib.string.split = metered(raw.string.split, scanned)
lib.string.byte = metered(raw.string.byte, function(s, i, j)
  local n = len(s)
  i = tonumber(i) or 1
  return span(n, i, tonumber(j) or i) // 8
end)
lib.string.char = metered(raw.string.char, arguments)
lib.string.rep = metered(raw.string.rep, function(s, n, sep)
  local size = (tonumber(n) or 0) * (len(s) + len(sep))
  if size > 0 then
    reserve(size)
  end
  return size // 1024
end)
lib.string.pack = metered(raw.string.pack, function(fmt, ...)
  return scanned(fmt) + arguments(...)
end)
lib.string.unpack = metered(raw.string.unpack, function(fmt, s)
  return scanned(fmt) + scanned(s)
end)
lib.string.packsize = metered(raw.string.packsize, scanned)
local raw_format = raw.string.format
lib.string.format = function(fmt, ...)
  host.check_format(fmt, ...)
  return raw_format(fmt, ...)
end

lib.table.sort = metered(raw.table.sort, function(t)
  local n = count(t)
  local log = 1
  while 2 ^ log < n do
    log += 1
  end
  return n * log
end)
lib.table.find = metered(raw.table.find, function(t, _, init)
  return span(count(t), init, nil) // 8
end)
lib.table.insert = metered(raw.table.insert, function(t, ...)
  if select("#", ...) >= 2 then
    return span(count(t) + 1, (...), nil) // 16
  end
  return 0
end)
lib.table.remove = metered(raw.table.remove, function(t, pos)
  if pos ~= nil then
    return span(count(t), pos, nil) // 16
  end
  return 0
end)
local raw_concat = raw.table.concat
lib.table.concat = function(t, sep, i, j)
  host.check_concat(t, sep, i, j)
  return raw_concat(t, sep, i, j)
end
lib.table.move = metered(raw.table.move, function(_, f, e)
  local n = (tonumber(e) or 0) - (tonumber(f) or 0) + 1
  if n > 0 then
    return n // 16
  end
  return 0
end)
lib.table.create = metered(raw.table.create, function(n)
  n = tonumber(n) or 0
  if n > 0 then
    reserve(n * 16)
    return n // 16
  end
  return 0
end)
lib.table.clone = metered(raw.table.clone, host.entries)
lib.table.clear = metered(raw.table.clear, host.entries)
local function unpack_cost(t, i, j)
  i = tonumber(i) or 1
  j = tonumber(j) or count(t)
  if j >= i then
    return (j - i + 1) // 8
  end
  return 0
end
lib.table.unpack = metered(raw.table.unpack, unpack_cost)
lib.unpack = lib.table.unpack

lib.utf8.len = metered(raw.utf8.len, scanned)
lib.utf8.offset = metered(raw.utf8.offset, scanned)
lib.utf8.codepoint = metered(raw.utf8.codepoint, function(s, i, j)
  local n = len(s)
  i = tonumber(i) or 1
  return span(n, i, tonumber(j) or i) // 8
end)
lib.utf8.char = metered(raw.utf8.char, arguments)
lib.tonumber = metered(raw.tonumber, scanned)

return lib

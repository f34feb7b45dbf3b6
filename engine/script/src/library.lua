-- The engine's replacements for library functions card scripts see (loaded by library.rs
-- before the state is sandboxed, after costs/metered.lua, which meters the others). `raw` holds
-- the original functions (and the library tables, whose entries library.rs then replaces:
-- read an original only while loading), `host` the Rust helpers. Each replacement keeps
-- the original's behaviour, except that:
-- - work that grows with the input is charged to the step budget before it is done;
-- - nothing shows a memory address (tostring, string.format, error values);
-- - iteration over a table follows an order that does not depend on memory addresses;
-- - a limit once reached (steps, memory, time) cannot be caught by pcall.
local raw, host = ...

local type, rawget = raw.type, raw.rawget
local raw_error, raw_tostring = raw.error, raw.tostring
local fatal, sorted_keys, sorted_loop_keys = host.fatal, host.sorted_keys, host.sorted_loop_keys
local error_cost = host.costs.error
local has_tostring, iterates_itself, a_type = host.has_tostring, host.iterates_itself, host.a_type

local lib = { coroutine = {} }

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
    error_cost(message)
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
local function ordered(t, keys)
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
  return ordered(t, sorted_keys(t))
end

lib.next = host.next

-- `for k, v in t do` (generalized iteration) goes through here: scripts are loaded with
-- every for-in expression list wrapped in a call to this function.
function lib.iterate(f, s, c)
  if type(f) ~= "table" or iterates_itself(f) then
    return f, s, c
  end
  return ordered(f, sorted_loop_keys(f))
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

return lib

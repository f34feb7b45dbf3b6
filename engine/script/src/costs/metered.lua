-- The metered library functions card scripts see (loaded by library.rs before the state is
-- sandboxed). `raw` holds the originals (read them only while loading: library.rs then
-- replaces the library tables' entries), `host` the Rust helpers. Each replacement calls
-- its cost function (`host.costs[name]`, see costs/mod.rs) with its arguments, which
-- charges the call's worst case and reserves what it may allocate, then runs the original.
-- A matching function's cost also makes each step of the matcher weigh more: it runs in
-- a protected call, so that weight is put back whatever happens.
local raw, host = ...

local costs, matching, weigh = host.costs, host.matching, host.weigh
local raw_pcall, raw_error, raw_tostring, type = raw.pcall, raw.error, raw.tostring, raw.type
local raw_pack, raw_unpack, pattern_match = raw.table.pack, raw.table.unpack, raw.string.match

local lib = { base = {}, string = {}, table = {}, utf8 = {} }

local function metered(original, cost)
  return function(...)
    cost(...)
    return original(...)
  end
end

-- Puts back the weight (and the function it was set for), then passes the results or the
-- error on.
local function restore(weight, within, ok, ...)
  weigh(weight, within)
  if not ok then
    raw_error((...), 0)
  end
  return ...
end

local function weighed(original, cost)
  return function(...)
    local weight, within = cost(...)
    return restore(weight, within, raw_pcall(original, ...))
  end
end

-- A gsub replacement function or table runs at the ordinary weight, and what it gives is
-- charged as it joins the result.
local function replacer(replacement, s, p)
  local lookup = type(replacement) == "table"
  local appended, so_far = host.appended, 0
  return function(...)
    local weight, within = weigh(1, 0)
    local value
    if lookup then
      value = replacement[(...)]
    else
      value = replacement(...)
    end
    weigh(weight, within)
    so_far = appended(so_far, value, s, p)
    return value
  end
end

local raw_gsub, gsub_cost = raw.string.gsub, costs["string.gsub"]
lib.string.gsub = function(s, p, replacement, ...)
  local weight, within = gsub_cost(s, p, replacement, ...)
  local kind = type(replacement)
  if kind == "function" or kind == "table" then
    replacement = replacer(replacement, s, p)
  end
  return restore(weight, within, raw_pcall(raw_gsub, s, p, replacement, ...))
end

-- Making the iterator pays for what its matches copy; each of its steps is weighed.
local raw_gmatch, gmatch_cost, gmatch_step = raw.string.gmatch, costs["string.gmatch"], host.gmatch_step
lib.string.gmatch = function(s, p)
  gmatch_cost(s, p)
  local step = raw_gmatch(s, p)
  return function()
    local weight, within = gmatch_step(s, p)
    return restore(weight, within, raw_pcall(step))
  end
end

-- The iterator skips continuation bytes, as many as there are: each step is charged.
local raw_codes, codes_cost = raw.utf8.codes, costs["utf8.codes"]
local codes_next = raw_codes("")
local function codes_step(s, i)
  codes_cost(s, i)
  return codes_next(s, i)
end
lib.utf8.codes = function(s)
  local _, checked, start = raw_codes(s)
  return codes_step, checked, start
end

-- `%*` turns a value into text with its own `__tostring`, whose length nothing tells in
-- advance: such values are turned into text first, then formatted.
local raw_format, format_cost, tostring_first = raw.string.format, costs["string.format"], host.tostring_first
local pack_cost, unpack_cost = costs["table.pack"], costs["table.unpack"]
local function format(fmt, ...)
  if tostring_first(fmt, ...) then
    pack_cost(...)
    local values = raw_pack(...)
    for _, i in { tostring_first(fmt, ...) } do
      values[i] = raw_tostring(values[i])
    end
    unpack_cost(values, 1, values.n)
    return format(fmt, raw_unpack(values, 1, values.n))
  end
  format_cost(fmt, ...)
  return raw_format(fmt, ...)
end
lib.string.format = format

-- Every other function with a cost: its cost, then the original.
local special = { ["string.gsub"] = true, ["string.gmatch"] = true, ["utf8.codes"] = true, ["string.format"] = true, error = true }
for name, cost in costs do
  if not special[name] then
    local library, field = pattern_match(name, "^(%w+)%.(%w+)$")
    local original, target
    if library then
      original, target = raw[library][field], lib[library]
    else
      original, target, field = raw[name], lib.base, name
    end
    if matching[name] then
      target[field] = weighed(original, cost)
    else
      target[field] = metered(original, cost)
    end
  end
end

return lib

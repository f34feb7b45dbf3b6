-- Hostile: calls with thousands of arguments, again and again.
local function take(...) end
local function spin(...)
  while true do
    take(...) -- offending
  end
end
return {
  before_entering = function(ctx)
    spin(table.unpack(table.create(7000, 1)))
  end,
}

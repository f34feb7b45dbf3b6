-- Hostile: makes a metatable weak after setting it.
return {
  before_entering = function(ctx)
    local meta = {}
    local cache = setmetatable({}, meta)
    meta.__mode = "v" -- offending
  end,
}

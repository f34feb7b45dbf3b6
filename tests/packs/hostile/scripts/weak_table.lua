-- Hostile: a weak table shows when memory is collected.
return {
  before_entering = function(ctx)
    local cache = setmetatable({}, { __mode = "k" }) -- offending
    cache[{}] = true
  end,
}

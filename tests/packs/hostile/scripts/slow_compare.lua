-- Hostile: compares two long strings in a loop (one step each, much work).
return {
  before_entering = function(ctx)
    local a = string.rep("x", 4000000) .. "a"
    local b = string.rep("x", 4000000) .. "b"
    local n = 0
    while a < b do -- offending
      n += 1
    end
  end,
}

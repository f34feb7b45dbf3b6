-- Hostile: a pattern that backtracks for ages inside the C matcher.
return {
  before_entering = function(ctx)
    local found = string.find(string.rep("a", 100000), ".-.-.-.-.-.-.-b") -- offending
    return found
  end,
}

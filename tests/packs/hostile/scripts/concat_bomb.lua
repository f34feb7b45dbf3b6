-- Hostile: one table.concat that would build a hundred megabytes.
return {
  before_entering = function(ctx)
    local t = table.create(100000, string.rep("x", 1000))
    return table.concat(t) -- offending
  end,
}

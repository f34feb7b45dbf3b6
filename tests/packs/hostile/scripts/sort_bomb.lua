-- Hostile: sorting a million numbers in one call.
return {
  before_entering = function(ctx)
    local t = table.create(1000000, 1)
    table.sort(t) -- offending
  end,
}

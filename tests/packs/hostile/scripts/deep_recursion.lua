-- Hostile: unbounded recursion when the adventurer dies.
local function dive(n)
  return 1 + dive(n + 1) -- offending
end

return {
  on_death = function(ctx)
    return dive(1)
  end,
}

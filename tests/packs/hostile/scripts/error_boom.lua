-- Hostile: a plain error when the adventurer dies.
return {
  on_death = function(ctx)
    error("boom") -- offending
  end,
}

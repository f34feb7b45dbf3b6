-- Hostile: marks the shared monster table for the next card to see.
return {
  on_reveal = function(ctx, m)
    rawset(m, "strength", 0) -- offending
  end,
}

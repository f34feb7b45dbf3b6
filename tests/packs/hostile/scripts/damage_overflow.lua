-- Hostile: returns damage far beyond any HP.
return {
  on_damage = function(ctx, m, damage) -- offending
    return 2147483647
  end,
}

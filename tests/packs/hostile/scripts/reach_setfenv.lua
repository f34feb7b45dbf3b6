-- Hostile: replacing the environment of a function.
return {
  on_damage = function(ctx, m, damage)
    setfenv(1, {}) -- offending
    return damage
  end,
}

-- Hostile: reaching the environment of the caller.
return {
  base_damage = function(ctx, m, damage)
    local env = getfenv(2) -- offending
    return damage
  end,
}
